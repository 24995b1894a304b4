import { createHmac, timingSafeEqual } from 'node:crypto'
import { CATALOG_ITEM_KINDS, type CatalogItemKind } from '@/rules/catalog-sale'
import { FREE_DOWNLOAD_LINK_HOURS } from '@/rules/free-downloads'

/*
 * The link of a free download's mail (issue 33): `<kind>.<id>.<expiry>.<signature>`, an HMAC with
 * the shop's secret over the album or track and the link's end. Signed, not stored: it only shows
 * whoever received the mail the download buttons of something anyone may take for free, so
 * nothing needs to be remembered about it, and the shop keeps no list of these addresses.
 */

export type FreeDownloadGrant = { kind: CatalogItemKind; id: number; expiresAt: Date }

const signature = (kind: string, id: number, expiresSeconds: number, secret: string) =>
  createHmac('sha256', secret).update(`free-download:${kind}:${id}:${expiresSeconds}`).digest('base64url')

/** A fresh token for the album or track, working for FREE_DOWNLOAD_LINK_HOURS. */
export function freeDownloadToken(item: { kind: CatalogItemKind; id: number }, secret: string, now = Date.now()): string {
  const expiresSeconds = Math.floor(now / 1000) + FREE_DOWNLOAD_LINK_HOURS * 3600
  return `${item.kind}.${item.id}.${expiresSeconds}.${signature(item.kind, item.id, expiresSeconds, secret)}`
}

const TOKEN = /^(music-group|track)\.([1-9][0-9]{0,9})\.([1-9][0-9]{0,11})\.([A-Za-z0-9_-]{43})$/

/** What a token grants, or null for a malformed, forged, changed or expired one (constant-time comparison). */
export function readFreeDownloadToken(token: unknown, secret: string, now = Date.now()): FreeDownloadGrant | null {
  if (typeof token !== 'string' || token.length > 120) return null
  const match = TOKEN.exec(token)
  if (!match) return null
  const [, kind, idText, expiresText, given] = match
  const id = Number(idText)
  const expiresSeconds = Number(expiresText)
  if (!CATALOG_ITEM_KINDS.includes(kind as CatalogItemKind) || expiresSeconds * 1000 <= now) return null
  const expected = Buffer.from(signature(kind!, id, expiresSeconds, secret))
  const actual = Buffer.from(given!)
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null
  return { kind: kind as CatalogItemKind, id, expiresAt: new Date(expiresSeconds * 1000) }
}
