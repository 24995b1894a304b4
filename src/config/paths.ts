import path from 'node:path'

/** Where uploaded files live on the local disk (MEDIA_DIR, default ./media), unless S3_BUCKET names a bucket (src/storage/). */
export const MEDIA_DIR = path.resolve(/*turbopackIgnore: true*/ process.cwd(), process.env.MEDIA_DIR || 'media')
export const IMAGES_DIR = path.join(/*turbopackIgnore: true*/ MEDIA_DIR, 'images')
export const AUDIO_DIR = path.join(/*turbopackIgnore: true*/ MEDIA_DIR, 'audio')

/** The shop's own data folder (DATA_DIR, default ./data): the embedded database, secrets, uploads in flight. */
export const DATA_DIR = path.resolve(/*turbopackIgnore: true*/ process.cwd(), process.env.DATA_DIR || 'data')
/** Uploads being received, before they become documents; each request removes its own file again. */
export const UPLOAD_TMP_DIR = path.join(/*turbopackIgnore: true*/ DATA_DIR, 'tmp')
/** The audio tool's private copies of its input (src/audio/ffmpeg.ts), apart from the uploads in flight; each run removes its own. */
export const AUDIO_WORK_DIR = path.join(/*turbopackIgnore: true*/ DATA_DIR, 'audio-work')
/** The MP3s made from delivered masters, kept so each is made once (on the local disk; in the bucket when S3_BUCKET is set). */
export const MP3_CACHE_DIR = path.join(/*turbopackIgnore: true*/ DATA_DIR, 'downloads', 'mp3')
/** The tagged files of the customers' music (src/library/tagged-file.ts), kept so each is made once per content and tags. */
export const LIBRARY_CACHE_DIR = path.join(/*turbopackIgnore: true*/ DATA_DIR, 'downloads', 'library')
