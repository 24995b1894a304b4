import path from 'node:path'

/** Where uploaded files live on the local disk (MEDIA_DIR, default ./media). */
export const MEDIA_DIR = path.resolve(process.env.MEDIA_DIR || 'media')
export const IMAGES_DIR = path.join(MEDIA_DIR, 'images')
export const AUDIO_DIR = path.join(MEDIA_DIR, 'audio')
