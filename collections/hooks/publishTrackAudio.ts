import type { CollectionBeforeChangeHook } from 'payload'
import type { Track } from '../../payload-types'

/**
 * A file the seller drops into a track's audio field is created by the upload drawer as a
 * private delivery (the Audio collection's safe default); saving the track makes it what it is
 * now, a public catalog track. Only a file nobody owns is promoted: a customer's recording or
 * delivery never becomes public this way (the field's filter does not offer them either).
 */
export const publishTrackAudio: CollectionBeforeChangeHook<Track> = async ({ data, req }) => {
  const audioId = typeof data.audio === 'object' && data.audio ? data.audio.id : data.audio
  if (typeof audioId !== 'number') return data
  const file = await req.payload.findByID({ collection: 'audio', id: audioId, depth: 0, req, disableErrors: true })
  if (file && file.purpose === 'delivery' && !file.owner) {
    await req.payload.update({ collection: 'audio', id: audioId, data: { purpose: 'track' }, depth: 0, req })
  }
  return data
}
