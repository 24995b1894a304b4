import type { CollectionAfterChangeHook, CollectionBeforeChangeHook } from 'payload'
import type { Audio } from '../../../payload-types'
import { queuePeaksComputation } from '../../../src/player/peaks-task'

/** A file that is new or replaced (a new stored name) has no waveform until its job ran; the old file's would be wrong. */
export const forgetPeaksOfReplacedFile: CollectionBeforeChangeHook<Audio> = ({ data, operation, originalDoc }) => {
  if (operation === 'update' && data.filename && data.filename !== originalDoc?.filename) return { ...data, peaks: null }
  return data
}

/**
 * Queues the waveform of each new or replaced file once (src/player/peaks-task.ts). Other saves
 * keep the file, and the job's own write (context.peaksUpdate) is no new file either.
 */
export const queuePeaksOfNewFile: CollectionAfterChangeHook<Audio> = async ({ doc, previousDoc, req }) => {
  if (req.context.peaksUpdate || !doc.filename || doc.filename === previousDoc?.filename) return doc
  await queuePeaksComputation(req.payload, req, doc.id)
  return doc
}
