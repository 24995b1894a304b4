import path from 'node:path'
import type { CollectionAfterDeleteHook } from 'payload'
import type { Audio } from '../../../payload-types'
import { removeMp3Of } from '../../../src/downloads/mp3-cache'

/** A deleted audio file takes the MP3 made from it for downloads along (src/downloads/mp3-cache.ts). */
export const removeCachedMp3: CollectionAfterDeleteHook<Audio> = async ({ doc }) => {
  if (doc.filename) await removeMp3Of(doc.id, path.basename(doc.filename))
  return doc
}
