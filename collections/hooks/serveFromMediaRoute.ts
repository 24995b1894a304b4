import type { CollectionAfterReadHook } from 'payload'

type Sized = { filename?: string | null; url?: string | null }

/** The shop's own URL of a stored file (src/app/media/), wherever it is stored. */
export const mediaRouteUrl = (kind: 'images' | 'audio', filename: string): string => `/media/${kind}/${encodeURIComponent(filename)}`

/**
 * Files are served by our own route (/media/<kind>/<file>), which answers Range, HEAD,
 * ETag and Cache-Control the way audio players and CDNs need; Payload's file route does not.
 */
export const serveFromMediaRoute =
  (kind: 'images' | 'audio'): CollectionAfterReadHook =>
  ({ doc }) => {
    const urlOf = (filename?: string | null) => (filename ? mediaRouteUrl(kind, filename) : null)
    const sizes = doc.sizes as Record<string, Sized> | undefined
    return {
      ...doc,
      url: urlOf(doc.filename) ?? doc.url,
      ...(sizes && {
        sizes: Object.fromEntries(Object.entries(sizes).map(([name, size]) => [name, { ...size, url: urlOf(size.filename) }])),
      }),
      ...(doc.thumbnailURL && doc.sizes?.thumbnail?.filename && { thumbnailURL: urlOf(doc.sizes.thumbnail.filename) }),
    }
  }
