import type { FileStore } from './file-store-interface'
import { localFileStore } from './local-store'
import { s3FileStore } from './s3-store'
import { s3Settings } from './s3-settings'

let chosen: FileStore | undefined

/** The store this process uses, chosen once from the environment. */
export function fileStore(): FileStore {
  if (!chosen) {
    const s3 = s3Settings()
    chosen = s3 ? s3FileStore(s3) : localFileStore()
  }
  return chosen
}
