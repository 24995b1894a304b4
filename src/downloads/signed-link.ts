import { createHmac, timingSafeEqual } from 'node:crypto'
import type { DownloadFormat } from './formats'

/**
 * How long a download link works: long enough to start the download the page asked for, too short
 * to be worth passing on. The link is made on a click, so a customer never sees it expire.
 */
export const DOWNLOAD_LINK_SECONDS = 5 * 60

/** What a download link grants: one format of one audio file, to one account, until a moment. */
export type DownloadGrant = { user: number; audio: number; format: DownloadFormat; expires: number }

/**
 * The signature of `message` with a key of its own for each kind of link (`purpose`), derived from
 * the shop's secret: a signature made for one kind of link is worth nothing for another.
 */
export function linkSignature(secret: string, purpose: string, message: string): string {
  const key = createHmac('sha256', secret).update(purpose).digest()
  return createHmac('sha256', key).update(message).digest('base64url')
}

/** Whether `given` is the `expected` signature, compared in constant time. */
export function signatureMatches(expected: string, given: string): boolean {
  const expectedBytes = Buffer.from(expected)
  const givenBytes = Buffer.from(given)
  return expectedBytes.length === givenBytes.length && timingSafeEqual(expectedBytes, givenBytes)
}

const signatureOf = (secret: string, { user, audio, format, expires }: DownloadGrant): string =>
  linkSignature(secret, 'download-links', `${user}:${audio}:${format}:${expires}`)

/** The path of a signed download link (relative to the shop's origin). */
export function signedDownloadPath(secret: string, grant: DownloadGrant): string {
  const query = new URLSearchParams({ u: String(grant.user), e: String(grant.expires), s: signatureOf(secret, grant) })
  return `/api/downloads/${grant.audio}/${grant.format}/?${query}`
}

/** A grant valid for DOWNLOAD_LINK_SECONDS from `now` (seconds since the epoch). */
export const grantFrom = (now: number, grant: Omit<DownloadGrant, 'expires'>): DownloadGrant => ({ ...grant, expires: now + DOWNLOAD_LINK_SECONDS })

export type LinkCheck = { ok: true; grant: DownloadGrant } | { ok: false; reason: 'tampered' | 'expired' }

/**
 * Checks a link's signature first (a changed user, file, format or expiry is "tampered"), then
 * its expiry: an expired link is refused even when genuine. Compared in constant time.
 */
export function checkDownloadLink(secret: string, grant: DownloadGrant, signature: string, now: number): LinkCheck {
  if (!signatureMatches(signatureOf(secret, grant), signature)) return { ok: false, reason: 'tampered' }
  if (grant.expires < now) return { ok: false, reason: 'expired' }
  return { ok: true, grant }
}

export const nowInSeconds = (): number => Math.floor(Date.now() / 1000)
