import { shopSecret } from '@/config/secret'
import { linkSignature, nowInSeconds, signatureMatches } from '@/downloads/signed-link'
import { CATALOG_ITEM_KINDS, type CatalogItemKind, SALE_FORMATS, type SaleFormat } from '@/rules/catalog-sale'

/**
 * The right a library download link names: a row of the customer's music (checked again on every
 * download: not revoked, its purchase still paid, and the logged-in account its owner), or an
 * album or track free to take (checked again: still free).
 */
export type LibraryDownloadRight = { libraryItem: number } | { free: true }

export type LibraryDownloadItem = { kind: CatalogItemKind; id: number }

/** What a link grants: one format of one album (as a ZIP) or track, under one right, until a moment (seconds since the epoch). */
export type LibraryDownloadLink = { item: LibraryDownloadItem; format: SaleFormat; right: LibraryDownloadRight; expires: number }

/**
 * How long a link works unless the caller says otherwise: the "My music" page renders its links
 * when it is opened, and a customer may leave it open for an afternoon. A link of a library item
 * works for its owner's login alone, so a long life gives nobody else anything.
 */
export const LIBRARY_LINK_SECONDS = 12 * 60 * 60

const LINK_PURPOSE = 'library-download-links'

const rightText = (right: LibraryDownloadRight): string => ('libraryItem' in right ? `item-${right.libraryItem}` : 'free')

const signatureOf = ({ item, format, right, expires }: LibraryDownloadLink): string =>
  linkSignature(shopSecret(), LINK_PURPOSE, `${item.kind}:${item.id}:${format}:${rightText(right)}:${expires}`)

const linkPath = (link: LibraryDownloadLink, signature: string): string => {
  const query = new URLSearchParams({ r: rightText(link.right), e: String(link.expires), s: signature })
  return `/api/library/download/${link.item.kind}/${link.item.id}/${link.format}/?${query}`
}

/**
 * The path (relative to the shop's origin) of a signed, expiring download of an album (one ZIP)
 * or a track in one format, served by /api/library/download/… (src/library/serve-library-download.ts).
 */
export function signedLibraryDownloadPath(input: {
  item: { kind: 'music-group' | 'track'; id: number }
  format: SaleFormat
  right: { libraryItem: number } | { free: true }
  expiresInSeconds?: number
}): string {
  const link: LibraryDownloadLink = {
    item: { kind: input.item.kind, id: input.item.id },
    format: input.format,
    right: input.right,
    expires: nowInSeconds() + (input.expiresInSeconds ?? LIBRARY_LINK_SECONDS),
  }
  return linkPath(link, signatureOf(link))
}

/** The path of a link that expired at `expires` (tests of the refusal). */
export const libraryDownloadPathExpiringAt = (link: LibraryDownloadLink): string => linkPath(link, signatureOf(link))

export type LibraryLinkCheck = { ok: true; link: LibraryDownloadLink } | { ok: false; reason: 'malformed' | 'tampered' | 'expired' }

const POSITIVE_ID = /^[1-9]\d{0,9}$/

/**
 * Reads a link's parts as the route received them and checks its signature first (any changed part
 * is "tampered"), then its expiry: an expired link is refused even when genuine.
 */
export function checkLibraryDownloadLink(parts: { kind: string; id: string; format: string; search: URLSearchParams }, now = nowInSeconds()): LibraryLinkCheck {
  const right = parts.search.get('r') ?? ''
  const expires = parts.search.get('e') ?? ''
  const signature = parts.search.get('s') ?? ''
  const itemRight = /^item-([1-9]\d{0,9})$/.exec(right)
  if (
    !CATALOG_ITEM_KINDS.includes(parts.kind as CatalogItemKind) ||
    !POSITIVE_ID.test(parts.id) ||
    !SALE_FORMATS.includes(parts.format as SaleFormat) ||
    !(itemRight || right === 'free') ||
    !/^\d{1,12}$/.test(expires)
  ) {
    return { ok: false, reason: 'malformed' }
  }
  const link: LibraryDownloadLink = {
    item: { kind: parts.kind as CatalogItemKind, id: Number(parts.id) },
    format: parts.format as SaleFormat,
    right: itemRight ? { libraryItem: Number(itemRight[1]) } : { free: true },
    expires: Number(expires),
  }
  if (!signatureMatches(signatureOf(link), signature)) return { ok: false, reason: 'tampered' }
  if (link.expires < now) return { ok: false, reason: 'expired' }
  return { ok: true, link }
}
