import path from 'node:path'

/** Where uploaded files live on the local disk (MEDIA_DIR, default ./media). */
export const MEDIA_DIR = path.resolve(/*turbopackIgnore: true*/ process.cwd(), process.env.MEDIA_DIR || 'media')
export const IMAGES_DIR = path.join(/*turbopackIgnore: true*/ MEDIA_DIR, 'images')
export const AUDIO_DIR = path.join(/*turbopackIgnore: true*/ MEDIA_DIR, 'audio')
