import type { CollectionBeforeChangeHook } from 'payload'
import { parseBuffer, parseFile } from 'music-metadata'

/** A title from the file's name when its tags have none: "morgen_licht-final.wav" → "morgen licht final". */
const titleFromFileName = (name: string) =>
  name
    .replace(/\.[^.]+$/, '')
    .replace(/[_-]+/g, ' ')
    .trim()

/**
 * Reads the playing time from the uploaded file itself, so nobody has to type it in, and a title
 * (the file's tags, else its name) when none was given, which a new track takes over. A file
 * handed over as a temporary file (the storefront's recording upload) is read from disk, where
 * music-metadata reads only the parts it needs.
 */
export const storeDuration: CollectionBeforeChangeHook = async ({ data, req }) => {
  const file = req.file
  if (!file) return data
  const onDisk = file.tempFilePath && !file.data?.length ? file.tempFilePath : null
  if (!onDisk && !file.data?.length) return data
  try {
    const { format, common } = onDisk ? await parseFile(onDisk) : await parseBuffer(file.data, { mimeType: file.mimetype, size: file.size })
    const title = data.title || common.title?.trim() || titleFromFileName(file.name) || null
    return { ...data, title, duration: format.duration ? Math.round(format.duration * 10) / 10 : null }
  } catch (error) {
    req.payload.logger.warn({ err: error, msg: `Could not read the duration of ${file.name}` })
    return { ...data, title: data.title || titleFromFileName(file.name) || null }
  }
}
