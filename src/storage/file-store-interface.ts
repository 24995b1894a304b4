import type { ServableFile } from '@/http/file-response'
import type { StorageArea } from './areas'

/**
 * Where the shop's files live, behind one interface: the local disk (MEDIA_DIR and DATA_DIR, the
 * default) or an S3 bucket (S3_BUCKET). Payload's upload collections write through
 * @payloadcms/storage-s3 (payload.config.ts) to the same keys; everything the shop itself reads,
 * makes or removes goes through here.
 */
export interface FileStore {
  readonly kind: 'local' | 's3'
  /** A stored file for serving (size, modification time, ETag, its bytes by range on demand); null when there is none. */
  open(area: StorageArea, name: string): Promise<ServableFile | null>
  exists(area: StorageArea, name: string): Promise<boolean>
  /**
   * Stores the file `make` writes to the temporary path it is given, once complete: nobody ever
   * reads half a file, and a failed `make` leaves nothing behind.
   */
  create(area: StorageArea, name: string, contentType: string, make: (tempPath: string) => Promise<void>): Promise<void>
  /** Runs `work` with a path on the local disk that holds the file (from the bucket: a temporary copy, removed after); null when there is none. */
  withLocalCopy<T>(area: StorageArea, name: string, work: (filePath: string) => Promise<T>): Promise<T | null>
  remove(area: StorageArea, name: string): Promise<void>
}
