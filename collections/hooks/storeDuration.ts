import type { CollectionBeforeChangeHook } from 'payload'
import { parseBuffer } from 'music-metadata'

/** Reads the playing time from the uploaded file itself, so nobody has to type it in. */
export const storeDuration: CollectionBeforeChangeHook = async ({ data, req }) => {
  const file = req.file
  if (!file?.data) return data
  try {
    const { format } = await parseBuffer(file.data, { mimeType: file.mimetype, size: file.size })
    return { ...data, duration: format.duration ? Math.round(format.duration * 10) / 10 : null }
  } catch (error) {
    req.payload.logger.warn({ err: error, msg: `Could not read the duration of ${file.name}` })
    return data
  }
}
