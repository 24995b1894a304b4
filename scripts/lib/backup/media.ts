import { lstatSync, mkdirSync, readdirSync, rmSync } from 'node:fs'
import path from 'node:path'

/** The files of the media folder (paths relative to it) and their bytes; a missing folder is empty. */
export function mediaFiles(folder: string): { files: string[]; bytes: number } {
  const files: string[] = []
  let bytes = 0
  const walk = (relative: string) => {
    let entries: string[]
    try {
      entries = readdirSync(path.join(folder, relative)).sort()
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
      throw error
    }
    for (const entry of entries) {
      const inFolder = path.join(relative, entry)
      const stats = lstatSync(path.join(folder, inFolder))
      if (stats.isDirectory()) walk(inFolder)
      else if (stats.isFile()) {
        files.push(inFolder)
        bytes += stats.size
      }
    }
  }
  walk('')
  return { files, bytes }
}

/** Empties the media folder (restore --force replaces it by the backup's files), creating it when missing. */
export function emptyMediaFolder(folder: string): void {
  mkdirSync(folder, { recursive: true })
  for (const entry of readdirSync(folder)) rmSync(path.join(folder, entry), { recursive: true, force: true })
}
