import type { Payload, TypedUser } from 'payload'
import type { LibraryItem } from '../../payload-types'
import { takeSlots } from '@/auth/rate-limit'
import { addressFingerprint } from '@/http/client-address'
import type { Locale } from '@/i18n/locales'
import { grantLibraryItem } from '@/library/grant'
import { queueMail } from '@/mail/queue-mail'
import type { CatalogItemKind, SaleFormat } from '@/rules/catalog-sale'
import { EMAIL_MAX_LENGTH, isEmailAddress } from '@/rules/email'
import { FREE_DOWNLOAD_RATE } from '@/rules/limits'
import { checkCatalogCartItem } from '@/sales/cart-item'
import { type Outcome, refuse } from '@/site/outcome'
import { withCustomerLocked } from '@/site/transaction'

/*
 * Free downloads (issue 33): an album or track whose name-your-price minimum is 0. A logged-in
 * customer takes it into "Meine Musik" at once (source "free"); a visitor gives an e-mail address
 * and gets a mail with a signed link to the download buttons (src/mail/free-download-tokens.ts),
 * rate limited per client address and per e-mail address. The follow box beside it signs the
 * address up for the fans' mails only through the followers' own double opt-in (src/followers).
 */

export type FreeDownloadProblemCode = 'invalid_request' | 'invalid_email' | 'not_free' | 'too_many_requests'
export type FreeItem = { kind: CatalogItemKind; id: number; title: string; formats: SaleFormat[] }

/** A logged-in customer's grant of a free album or track: one per customer and item, however often taken. */
export const freeGrantKey = (customer: number, item: { kind: CatalogItemKind; id: number }): string => `free:${customer}:${item.kind}:${item.id}`

/**
 * The album or track if a visitor may take it for free now: published, for sale by name-your-price
 * with a minimum of 0 (the cart's own check of the amount 0, src/sales/cart-item.ts); else a refusal.
 */
export async function freeItemOf(
  payload: Payload,
  fields: { kind?: unknown; id?: unknown },
  locale: Locale,
): Promise<Outcome<FreeItem, FreeDownloadProblemCode>> {
  const checked = await checkCatalogCartItem(payload, { kind: fields.kind, id: fields.id, amount: '0' }, locale)
  // A fixed price answers its price whatever the amount asked: only 0 accepted is free (isFreeToTake).
  if (checked.ok && checked.value.amount === 0)
    return { ok: true, value: { kind: checked.value.kind, id: checked.value.id, title: checked.value.title, formats: checked.value.formats } }
  if (!checked.ok && checked.status === 400 && (checked.field === 'kind' || checked.field === 'id'))
    return refuse(400, checked.detail, { code: 'invalid_request', field: checked.field })
  return refuse(404, 'This album or track is not free to download.', { code: 'not_free', field: 'id' })
}

/** A logged-in customer takes a free album or track into "Meine Musik" (under the customer's lock, which serialises grants of the key). */
export async function takeFreeDownload(
  payload: Payload,
  customer: TypedUser,
  fields: { kind?: unknown; id?: unknown },
  locale: Locale,
): Promise<Outcome<{ item: FreeItem; libraryItem: LibraryItem['id'] }, FreeDownloadProblemCode>> {
  const free = await freeItemOf(payload, fields, locale)
  if (!free.ok) return free
  const item = free.value
  const customerId = Number(customer.id)
  const granted = await withCustomerLocked(payload, customer, {}, {}, (req) =>
    grantLibraryItem(payload, req, {
      customer: customerId,
      item: { kind: item.kind, id: item.id },
      formats: item.formats,
      source: 'free',
      key: freeGrantKey(customerId, item),
    }),
  )
  return { ok: true, value: { item, libraryItem: granted.id } }
}

/** The one answer to every accepted request by e-mail. */
export const FREE_DOWNLOAD_REQUESTED = 'Thank you! A mail with the download link is on its way. It works for 48 hours.'

/**
 * A visitor asks for a free album or track by e-mail: the address checked and counted (per client
 * address and per e-mail address, FREE_DOWNLOAD_RATE), then the mail queued. Returns the accepted
 * address (trimmed, lower case), for the follow box's sign-up.
 */
export async function requestFreeDownloadByEmail(
  payload: Payload,
  fields: { kind?: unknown; id?: unknown; email?: unknown },
  locale: Locale,
  clientAddress: string,
): Promise<Outcome<{ email: string; item: FreeItem }, FreeDownloadProblemCode>> {
  const email = typeof fields.email === 'string' ? fields.email.trim().toLowerCase() : ''
  if (!email || email.length > EMAIL_MAX_LENGTH || !isEmailAddress(email))
    return refuse(400, 'Please enter a valid e-mail address.', { code: 'invalid_email', field: 'email' })
  const free = await freeItemOf(payload, fields, locale)
  if (!free.ok) return free
  const slot = await takeSlots(payload, [
    {
      key: `free-download-address:${addressFingerprint(clientAddress, payload.secret)}`,
      max: FREE_DOWNLOAD_RATE.perClientAddress,
      windowMinutes: FREE_DOWNLOAD_RATE.windowMinutes,
    },
    {
      key: `free-download-email:${addressFingerprint(email, payload.secret)}`,
      max: FREE_DOWNLOAD_RATE.perTargetAddress,
      windowMinutes: FREE_DOWNLOAD_RATE.windowMinutes,
    },
  ])
  if (!slot) return refuse(429, 'Too many requests just now. Please try again later.', { code: 'too_many_requests', retryAfterSeconds: 600 })
  // No transaction to join: the mail's record and job are the only writes.
  await queueMail(payload, undefined, { template: 'free-download', to: email, locale, data: { kind: free.value.kind, id: free.value.id } })
  return { ok: true, value: { email, item: free.value } }
}
