import type { FieldHook, TextField } from 'payload'
import { youTubeVideoId } from '../../../src/rules/youtube'

/** The pasted link becomes the video id before it is checked and stored. */
const storeVideoId: FieldHook = ({ value }) => (typeof value === 'string' ? (youTubeVideoId(value) ?? value) : value)

/**
 * A news article's video: the seller pastes a YouTube link, the server checks it and keeps only
 * the video id, from which the page builds the youtube-nocookie.com player.
 */
export const youTubeField = (): TextField => ({
  name: 'youtube',
  label: { de: 'YouTube-Video', en: 'YouTube video' },
  type: 'text',
  hooks: { beforeValidate: [storeVideoId] },
  validate: (value: unknown) =>
    !value || (typeof value === 'string' && youTubeVideoId(value)) ? true : 'Bitte einen YouTube-Link einfügen. / Please paste a YouTube link.',
  admin: {
    description: {
      de: 'Link einfügen (youtube.com/watch?v=… oder youtu.be/…); gespeichert wird die Video-ID. Besucher laden das Video erst nach einem Klick.',
      en: 'Paste a link (youtube.com/watch?v=… or youtu.be/…); the video id is stored. Visitors load the video only after a click.',
    },
  },
})
