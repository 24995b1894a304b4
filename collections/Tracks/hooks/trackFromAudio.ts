import type { CollectionBeforeChangeHook } from 'payload'
import type { Track } from '../../../payload-types'
import { idOf } from '../../../src/site/relation-id'

/**
 * A track made by dropping its audio file takes what the file says: an empty title becomes the
 * file's title (its tags, else its name; collections/Audio/hooks/storeDuration.ts). The file, created by
 * the upload drawer as a private delivery (the Audio collection's safe default), becomes what it
 * is now, a public catalog track, when the track is published (at once, or by its scheduled
 * release): a draft's file stays the seller's until then, so an unreleased song cannot be listed
 * or played. Only a file nobody owns is promoted: a customer's recording or delivery never becomes
 * public this way (the field's filter does not offer them either).
 */
export const trackFromAudio: CollectionBeforeChangeHook<Track> = async ({ data, originalDoc, req }) => {
  // A publish may send only its status (the scheduled release's job): the file is the stored one then.
  const audioId = idOf(data.audio ?? originalDoc?.audio)
  if (typeof audioId !== 'number') return data
  const file = await req.payload.findByID({ collection: 'audio', id: audioId, depth: 0, req, disableErrors: true })
  if (!file) return data
  const published = (data._status ?? originalDoc?._status) === 'published'
  if (file.purpose === 'delivery' && !file.owner && published) {
    await req.payload.update({ collection: 'audio', id: audioId, data: { purpose: 'track' }, depth: 0, req })
  }
  if (data.audio !== undefined && !data.title?.trim() && file.title) return { ...data, title: file.title }
  return data
}
