import { randomBytes } from 'node:crypto'
import { commitTransaction, createLocalReq, initTransaction, killTransaction, type Payload, type PayloadRequest } from 'payload'
import { STATUS_ACTOR_CONTEXT } from '@collections/hooks/guardStatusChange'
import { CUSTOMER_ERASURE_CONTEXT } from '@collections/hooks/keepCustomerRecordings'
import { CUSTOM_THEME } from '@collections/Orders'
import type { User } from '../../payload-types'
import { accountKey } from '@/auth/login-limit'
import { lockCustomer, sql, transactionDatabase } from '@/site/transaction'
import { openOrdersOf } from './retention'
import { audioIdOf, type UploadRow } from '@/orders/upload-rows'

/** What stands in for the customer's own theme on an order whose theme was "custom": the invoice names the package, not the theme. */
export const REMOVED_TEXT = '[entfernt / removed]'

/** The account name and address an anonymised account gets; `.invalid` can never receive mail (RFC 2606). */
export const anonymousUsername = (id: number) => `geloescht-${id}`
export const anonymousEmail = (id: number) => `geloescht-${id}@anonymisiert.invalid`

export type ErasureSummary = {
  customer: number
  orders_kept: number
  unpaid_orders_cancelled: number
  recordings_deleted: number
  contact_messages_deleted: number
  mails_deleted: number
  gift_links_deleted: number
  revision_wishes_removed: number
}

/** Why a customer's data cannot be anonymised (now); `code` lets the admin word it in the seller's language. */
export type ErasureRefusal = {
  ok: false
  status: 404 | 409
  code: 'no_such_customer' | 'not_a_customer' | 'already_anonymised' | 'orders_open'
  detail: string
  orders?: number[]
}
export type ErasureOutcome = { ok: true; value: ErasureSummary } | ErasureRefusal

const refuse = (status: ErasureRefusal['status'], code: ErasureRefusal['code'], detail: string, orders?: number[]): ErasureRefusal => ({
  ok: false,
  status,
  code,
  detail,
  ...(orders ? { orders } : {}),
})

/**
 * Anonymises a customer whose orders are all settled (GDPR Art. 17 within the retention duties),
 * for the seller's action and for the customer's own account deletion.
 *
 * Kept, for the invoices' retention (src/gdpr/retention.ts) and the proof of the contract: the
 * orders with what was bought, prices, VAT, payment references, status history, consent
 * timestamps and wording version, billing name and address; the invoices and cancellation
 * invoices as issued; the delivered songs (the seller's work, proof of delivery, heard by nobody
 * now); declarations of withdrawal (business letters). The account row stays under a neutral name
 * (`geloescht-{id}`), because orders and invoices refer to it.
 *
 * Removed: username, e-mail address, language, e-mail confirmation and password (replaced by an
 * unusable hash); every session (logged out everywhere); open confirmation links and login
 * counters; the voice recordings (documents and files); the personal notes and custom themes of
 * the orders; contact messages and the record of mails to and about the address (the seller's
 * copies of their messages, which reply to it). Unpaid orders are
 * cancelled. Refused (409) while an order is paid, in production, delivered or in revision.
 */
export async function anonymiseCustomer(payload: Payload, customerId: number): Promise<ErasureOutcome> {
  // Checked and changed in one transaction holding the customer's lock and their orders' rows, so
  // no order of theirs is placed, paid or given a recording between the check and the change.
  const req = await createLocalReq({ context: { [CUSTOMER_ERASURE_CONTEXT]: true, [STATUS_ACTOR_CONTEXT]: 'seller' } }, payload)
  await initTransaction(req)
  try {
    const outcome = await checkAndErase(payload, req, customerId)
    if (outcome.ok) await commitTransaction(req)
    else await killTransaction(req)
    return outcome
  } catch (error) {
    await killTransaction(req)
    throw error
  }
}

async function checkAndErase(payload: Payload, req: PayloadRequest, customerId: number): Promise<ErasureOutcome> {
  await lockCustomer(payload, req, customerId)
  await (await transactionDatabase(payload, req)).execute(sql`select id from orders where customer_id = ${customerId} for update`)
  const user = await payload.findByID({ collection: 'users', id: customerId, depth: 0, overrideAccess: true, disableErrors: true, req })
  if (!user) return refuse(404, 'no_such_customer', 'There is no such customer.')
  if (user.role !== 'customer') return refuse(409, 'not_a_customer', "Only a customer's data can be anonymised, not the seller's account.")
  if (user.anonymised_at) return refuse(409, 'already_anonymised', "This customer's data are already anonymised.")
  const open = await openOrdersOf(payload, customerId, req)
  if (open.length > 0) {
    const numbers = open.map((order) => order.id).join(', ')
    const ids = open.map((order) => order.id)
    return refuse(409, 'orders_open', `Orders still open (no. ${numbers}): the data can be removed once every order is completed, cancelled or refunded.`, ids)
  }
  return { ok: true, value: await eraseWithin(payload, req, user) }
}

async function eraseWithin(payload: Payload, req: PayloadRequest, user: User): Promise<ErasureSummary> {
  const local = { req, overrideAccess: true, depth: 0 } as const
  const { docs: orders } = await payload.find({ collection: 'orders', where: { customer: { equals: user.id } }, pagination: false, ...local })

  const { docs: recordings } = await payload.find({
    collection: 'audio',
    where: { and: [{ owner: { equals: user.id } }, { purpose: { equals: 'recording' } }] },
    pagination: false,
    select: { purpose: true },
    ...local,
  })
  const recordingIds = new Set(recordings.map((file) => file.id))

  let cancelled = 0
  for (const order of orders) {
    const unpaid = order.status === 'pending_payment'
    if (unpaid) cancelled += 1
    await payload.update({
      collection: 'orders',
      id: order.id,
      data: {
        ...(unpaid ? { status: 'cancelled' as const } : {}),
        personal_note: null,
        custom_theme: order.theme === CUSTOM_THEME ? REMOVED_TEXT : null,
        uploads: (order.uploads ?? []).filter((row) => !recordingIds.has(audioIdOf(row))),
      },
      ...local,
    })
  }
  // Deleting the documents removes their files from disk too.
  if (recordingIds.size > 0) await payload.delete({ collection: 'audio', where: { id: { in: [...recordingIds] } }, ...local })

  const contactMessages = await deleteByAddress(payload, req, 'contact-messages', 'email', user.email)
  // Mails to the customer, and the seller's copies of their messages (reply-to their address).
  const mails = (await deleteByAddress(payload, req, 'mails', 'to', user.email)) + (await deleteByAddress(payload, req, 'mails', 'reply_to', user.email))
  // A gift link plays the song, with the customer's dedication, to whoever holds it: it goes.
  const giftLinks = await payload.delete({ collection: 'gift-links', where: { customer: { equals: user.id } }, ...local })
  // A revision round stays on record (its version is part of the delivery); the customer's words go.
  const wishes = await payload.update({ collection: 'revision-requests', where: { customer: { equals: user.id } }, data: { message: REMOVED_TEXT }, ...local })
  await payload.delete({ collection: 'email-confirmation-links', where: { user: { equals: user.id } }, ...local })
  await payload.delete({ collection: 'rate-limit-hits', where: { limit_key: { equals: accountKey(user.id) } }, ...local })
  await replaceAccount(payload, req, user.id)

  return {
    customer: user.id,
    orders_kept: orders.length,
    unpaid_orders_cancelled: cancelled,
    recordings_deleted: recordingIds.size,
    contact_messages_deleted: contactMessages,
    mails_deleted: mails,
    gift_links_deleted: giftLinks.docs.length,
    revision_wishes_removed: wishes.docs.length,
  }
}

/** Deletes the records sent to or from exactly this address (Payload's `like` also matches longer addresses). */
async function deleteByAddress(payload: Payload, req: PayloadRequest, collection: 'contact-messages' | 'mails', field: string, email: string): Promise<number> {
  const { docs } = await payload.find({ collection, where: { [field]: { like: email } }, pagination: false, depth: 0, req, overrideAccess: true })
  const ids = (docs as unknown as Record<string, unknown>[])
    .filter((doc) => typeof doc[field] === 'string' && (doc[field] as string).toLowerCase() === email.toLowerCase())
    .map((doc) => doc.id as number)
  if (ids.length > 0) await payload.delete({ collection, where: { id: { in: ids } }, req, overrideAccess: true })
  return ids.length
}

/**
 * The account row under a neutral name, with a hash no password matches and no session. Written
 * past the collection's hooks on purpose: a changed address would otherwise mail a confirmation
 * link to it, and the registration's rules are for people, not for this placeholder.
 */
async function replaceAccount(payload: Payload, req: PayloadRequest, id: number): Promise<void> {
  const stored = await payload.db.findOne<{ id: number } & Record<string, unknown>>({ collection: 'users', where: { id: { equals: id } }, req })
  if (!stored) throw new Error(`User ${id} vanished during anonymisation.`)
  await payload.db.updateOne({
    collection: 'users',
    id,
    data: {
      ...stored,
      username: anonymousUsername(id),
      email: anonymousEmail(id),
      locale: null,
      email_confirmed_at: null,
      anonymised_at: new Date().toISOString(),
      hash: randomBytes(32).toString('hex'),
      salt: randomBytes(32).toString('hex'),
      sessions: [],
      resetPasswordToken: null,
      resetPasswordExpiration: null,
    },
    req,
    returning: false,
  })
}
