import { createHmac, timingSafeEqual } from 'node:crypto'
import type { DownloadFormat } from './formats'

/**
 * How long a download link works: long enough to start the download the page asked for, too short
 * to be worth passing on. The link is made on a click, so a customer never sees it expire.
 */
export const DOWNLOAD_LINK_SECONDS = 5 * 60

/** What a download link grants: one format of one audio file, to one account, until a moment. */
export type DownloadGrant = { user: number; audio: number; format: DownloadFormat; expires: number }

/** The key for download links alone, derived from the shop's secret (PAYLOAD_SECRET). */
const linkKey = (secret: string) => createHmac('sha256', secret).update('download-links').digest()

const signatureOf = (secret: string, { user, audio, format, expires }: DownloadGrant): string =>
  createHmac('sha256', linkKey(secret)).update(`${user}:${audio}:${format}:${expires}`).digest('base64url')

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
  const expected = Buffer.from(signatureOf(secret, grant))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'tampered' }
  if (grant.expires < now) return { ok: false, reason: 'expired' }
  return { ok: true, grant }
}

export const nowInSeconds = (): number => Math.floor(Date.now() / 1000)
