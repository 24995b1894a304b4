import path from 'node:path'
import type { Payload } from 'payload'
import { isPlainFileName } from '@/storage/areas'
import { cachedCatalogRead } from './cache'
import { authenticate } from '@/auth/authenticate'
import { isAdminUser } from '@/auth/roles'
import { unreleasedImages } from './unreleased-images'

/** What /media/<kind>/<filename> may serve: the file types of each kind (its storage area, src/storage/). */
const MEDIA_KINDS = {
  images: {
    contentTypes: {
      jpg: 'image/jpeg',
      jpeg: 'image/jpeg',
      png: 'image/png',
      webp: 'image/webp',
      avif: 'image/avif',
      gif: 'image/gif',
    },
  },
  audio: {
    contentTypes: {
      mp3: 'audio/mpeg',
      ogg: 'audio/ogg',
      oga: 'audio/ogg',
      // .opus files are Opus in an Ogg container.
      opus: 'audio/ogg',
      webm: 'audio/webm',
      wav: 'audio/wav',
      m4a: 'audio/mp4',
      aac: 'audio/aac',
    },
  },
} as const satisfies Record<string, { contentTypes: Record<string, string> }>

type MediaKind = keyof typeof MEDIA_KINDS

/**
 * Images change name when replaced (Payload never reuses a taken filename), so browsers and CDNs
 * may keep them for long; ETag revalidation covers the rare reuse of a deleted name.
 */
const PUBLIC_FILE_CACHE_CONTROL = 'public, max-age=2592000'
/** A customer's recording or delivery: never stored by a shared cache, nor kept by the browser. */
const PRIVATE_FILE_CACHE_CONTROL = 'private, no-store'

/** A stored file of the kind's storage area (src/storage/areas.ts) and how to serve it. */
export type MediaFile = { area: MediaKind; name: string; contentType: string; cacheControl: string }

/**
 * The file behind /media/<kind>/<filename> if the caller may read it, else null; the caller
 * answers 404 either way, so a private file's existence is not revealed.
 * Images are public, but for the covers of releases not out yet (the seller's, unreleased-images.ts). An audio file is served only if the Audio collection's read access lets
 * the caller (from the request's cookie or Authorization header) read the document it belongs to.
 */
export async function findReadableMediaFile(payload: Payload, kind: string, filename: string, requestHeaders: Headers): Promise<MediaFile | null> {
  if (!isMediaKind(kind) || !isPlainFileName(filename)) return null
  const extension = path.extname(filename).slice(1).toLowerCase()
  const contentType = (MEDIA_KINDS[kind].contentTypes as Record<string, string>)[extension]
  if (!contentType) return null

  if (kind === 'images') {
    const unreleased = await unreleasedImages(payload)
    if (unreleased && !unreleased.filenames.includes(filename)) return { area: kind, name: filename, contentType, cacheControl: PUBLIC_FILE_CACHE_CONTROL }
    // The cover of a release not out yet (or not known yet): the seller's only, and kept by no cache.
    return isAdminUser(await authenticate(payload, requestHeaders))
      ? { area: kind, name: filename, contentType, cacheControl: PRIVATE_FILE_CACHE_CONTROL }
      : null
  }
  const purpose = await readableAudioPurpose(payload, filename, requestHeaders)
  if (!purpose) return null
  const cacheControl = purpose === 'track' ? PUBLIC_FILE_CACHE_CONTROL : PRIVATE_FILE_CACHE_CONTROL
  return { area: kind, name: filename, contentType, cacheControl }
}

const isMediaKind = (kind: string): kind is MediaKind => Object.hasOwn(MEDIA_KINDS, kind)

/**
 * The files of the catalog's tracks: public, so served without asking who calls (the player's
 * every Range request). Cached until an audio file changes.
 */
const catalogTrackFiles = cachedCatalogRead('track-files', ['audio'], async (payload: Payload) => {
  const { docs } = await payload.find({
    collection: 'audio',
    where: { purpose: { equals: 'track' } },
    select: { filename: true },
    depth: 0,
    pagination: false,
    overrideAccess: false,
  })
  return new Set(docs.map((doc) => doc.filename))
})

/** The purpose of the Audio document owning the file, if the caller may read that document. */
async function readableAudioPurpose(payload: Payload, filename: string, requestHeaders: Headers) {
  if ((await catalogTrackFiles(payload)).has(filename)) return 'track'
  const user = await authenticate(payload, requestHeaders)
  const { docs } = await payload.find({
    collection: 'audio',
    where: { filename: { equals: filename } },
    select: { purpose: true },
    depth: 0,
    limit: 1,
    overrideAccess: false,
    user,
  })
  return docs[0]?.purpose ?? null
}
