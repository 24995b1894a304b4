import path from 'node:path'
import { AUDIO_DIR, IMAGES_DIR, LIBRARY_CACHE_DIR, MP3_CACHE_DIR } from '@/config/paths'

/**
 * The kinds of stored files: images and audio are Payload's upload collections (media, audio), mp3
 * the MP3s made from delivered masters, library the tagged downloads of the customers' music. Each has a folder on the local disk and a key prefix in
 * the bucket; the bucket's layout mirrors the media folder, so a backup reads the same either way.
 */
export const STORAGE_AREAS = {
  images: { dir: IMAGES_DIR, prefix: 'images' },
  audio: { dir: AUDIO_DIR, prefix: 'audio' },
  mp3: { dir: MP3_CACHE_DIR, prefix: 'downloads/mp3' },
  library: { dir: LIBRARY_CACHE_DIR, prefix: 'downloads/library' },
} as const

export type StorageArea = keyof typeof STORAGE_AREAS

/** One name inside one folder: no separators, no parent or hidden entries, no NUL. */
export const isPlainFileName = (name: string): boolean =>
  name.length > 0 && name.length <= 255 && !/[/\\\0]/.test(name) && !name.startsWith('.') && !name.includes('..')

/** The file's path on the local disk; null for a name that would leave its folder. */
export function localPathOf(area: StorageArea, name: string): string | null {
  if (!isPlainFileName(name)) return null
  const dir = path.resolve(STORAGE_AREAS[area].dir)
  const filePath = path.resolve(dir, name)
  // Belt and braces after isPlainFileName: the resolved path must sit directly in the folder.
  return path.dirname(filePath) === dir ? filePath : null
}

/** The object's key in the bucket; null for a name that is not one plain file name. */
export const objectKeyOf = (area: StorageArea, name: string): string | null => (isPlainFileName(name) ? `${STORAGE_AREAS[area].prefix}/${name}` : null)
