import { randomBytes } from 'node:crypto'
import { commitTransaction, createLocalReq, initTransaction, killTransaction, type Payload, type PayloadRequest } from 'payload'
import { CUSTOM_THEME } from '@/rules/choices'
import type { Mail, User } from '../../payload-types'
import { lockAccount } from '@/auth/account-lock'
import { accountKey } from '@/auth/login-limit'
import { type Outcome, refuse } from '@/site/outcome'
import { lockCustomer, sql, transactionDatabase } from '@/site/transaction'
import { customerRecords } from './customer-records'
import { openOrdersOf } from './retention'
import { audioIdOf } from '@/orders/upload-rows'

/** What stands in for the customer's own theme on an order whose theme was "custom": the invoice names the package, not the theme. */
export const REMOVED_TEXT = '[entfernt / removed]'

/** The account name and address an anonymised account gets; `.invalid` can never receive mail (RFC 2606). */
export const anonymousUsername = (id: number) => `geloescht-${id}`
export const anonymousEmail = (id: number) => `geloescht-${id}@anonymisiert.invalid`

export type ErasureSummary = {
  customer: number
  orders_kept: number
  unpaid_orders_cancelled: number
  unpaid_purchases_cancelled: number
  recordings_deleted: number
  contact_messages_deleted: number
  mails_deleted: number
  gift_links_deleted: number
  revision_wishes_removed: number
  followers_deleted: number
}

/** Why a customer's data cannot be anonymised (now): 404 or 409; `code` lets the admin word it in the seller's language, `orders` lists the open ones. */
export type ErasureProblemCode = 'no_such_customer' | 'not_a_customer' | 'already_anonymised' | 'orders_open'
export type ErasureOutcome = Outcome<ErasureSummary, ErasureProblemCode>

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
 * counters; the sign-ups to follow by e-mail; the voice recordings (documents and files); the personal notes and custom themes of
 * the orders; contact messages; the customer's words and address in the mail records (see
 * `eraseMails`). Contact messages, withdrawals and mails are found by the account, and by its
 * address only once confirmed (src/gdpr/customer-records.ts): an account registered with a
 * stranger's address erases nothing of the stranger's. Unpaid orders are cancelled. Refused (409)
 * while an order is paid, in production, delivered or in revision.
 */
export async function anonymiseCustomer(payload: Payload, customerId: number): Promise<ErasureOutcome> {
  // Checked and changed in one transaction holding the customer's lock and their orders' rows, so
  // no order of theirs is placed, paid or given a recording between the check and the change.
  const req = await createLocalReq({ context: { customerErasure: true, statusActor: 'seller' } }, payload)
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
  if (!user) return refuse(404, 'There is no such customer.', { code: 'no_such_customer' })
  if (user.role !== 'customer') return refuse(409, "Only a customer's data can be anonymised, not the seller's account.", { code: 'not_a_customer' })
  if (user.anonymised_at) return refuse(409, "This customer's data are already anonymised.", { code: 'already_anonymised' })
  const open = await openOrdersOf(payload, customerId, req)
  if (open.length > 0) {
    const numbers = open.map((order) => order.id).join(', ')
    const ids = open.map((order) => order.id)
    return refuse(409, `Orders still open (no. ${numbers}): the data can be removed once every order is completed, cancelled or refunded.`, {
      code: 'orders_open',
      orders: ids,
    })
  }
  return { ok: true, value: await eraseWithin(payload, req, user) }
}

async function eraseWithin(payload: Payload, req: PayloadRequest, user: User): Promise<ErasureSummary> {
  const local = { req, overrideAccess: true, depth: 0 } as const
  // Read before anything changes: which records are the customer's.
  const records = await customerRecords(payload, user, { req })
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
  // An unpaid purchase of music is cancelled (nothing was delivered); paid ones stay with their invoices.
  const { docs: unpaidPurchases } = await payload.find({
    collection: 'purchases',
    where: { and: [{ customer: { equals: user.id } }, { status: { equals: 'pending_payment' } }] },
    pagination: false,
    select: { status: true },
    ...local,
  })
  for (const purchase of unpaidPurchases) {
    await payload.update({ collection: 'purchases', id: purchase.id, data: { status: 'cancelled' }, ...local })
  }
  // Deleting the documents removes their files from disk too.
  if (recordingIds.size > 0) await payload.delete({ collection: 'audio', where: { id: { in: [...recordingIds] } }, ...local })

  const messageIds = records.contactMessages.map((message) => message.id)
  if (messageIds.length > 0) await payload.delete({ collection: 'contact-messages', where: { id: { in: messageIds } }, ...local })
  const mails = await eraseMails(payload, req, user, records.mails)
  // A gift link plays the song, with the customer's dedication, to whoever holds it: it goes.
  const giftLinks = await payload.delete({ collection: 'gift-links', where: { customer: { equals: user.id } }, ...local })
  // A revision round stays on record (its version is part of the delivery); the customer's words go.
  const wishes = await payload.update({ collection: 'revision-requests', where: { customer: { equals: user.id } }, data: { message: REMOVED_TEXT }, ...local })
  await payload.delete({ collection: 'email-confirmation-links', where: { user: { equals: user.id } }, ...local })
  // Following by e-mail ends: every sign-up of the account or its confirmed address goes, proof included.
  const followerIds = records.followers.map((follower) => follower.id)
  if (followerIds.length > 0) await payload.delete({ collection: 'followers', where: { id: { in: followerIds } }, ...local })
  await payload.delete({ collection: 'rate-limit-hits', where: { limit_key: { equals: accountKey(user.id) } }, ...local })
  await replaceAccount(payload, req, user.id)

  return {
    customer: user.id,
    orders_kept: orders.length,
    unpaid_orders_cancelled: cancelled,
    unpaid_purchases_cancelled: unpaidPurchases.length,
    recordings_deleted: recordingIds.size,
    contact_messages_deleted: messageIds.length,
    mails_deleted: mails,
    gift_links_deleted: giftLinks.docs.length,
    revision_wishes_removed: wishes.docs.length,
    followers_deleted: followerIds.length,
  }
}

/** Mails about a record that stays (its id in the mail's data): kept as the proof that they were sent. */
const KEPT_WITH_RECORD = ['order', 'purchase', 'withdrawal', 'revision']

/** The seller's own copies (to the shop's address): their `to` is the seller's, not the customer's. */
const TO_THE_SELLER = new Set(['contact-copy', 'withdrawal-notice', 'revision-requested'])

/** Only the ids of a mail's data: any text in it (an address, a sealed link) goes. */
const idsOnly = (data: Mail['data']) =>
  Object.fromEntries(Object.entries((data ?? {}) as Record<string, unknown>).filter(([, value]) => typeof value === 'number'))

/**
 * The customer's mail records. A sent mail about a record that stays (an order, a withdrawal, a
 * revision wish, a purchase of music) stays as the seller's bookkeeping (kind, status, times, message id, the record's
 * id), its words and the customer's address replaced; every other mail (account mails, contact
 * messages and their copies, unsent mails) is deleted. Returns how many were deleted.
 */
async function eraseMails(payload: Payload, req: PayloadRequest, user: User, mails: Mail[]): Promise<number> {
  const kept = mails.filter((mail) => mail.status === 'sent' && KEPT_WITH_RECORD.some((key) => typeof idsOnly(mail.data)[key] === 'number'))
  const keptIds = new Set(kept.map((mail) => mail.id))
  const deleted = mails.filter((mail) => !keptIds.has(mail.id)).map((mail) => mail.id)
  if (deleted.length > 0) await payload.delete({ collection: 'mails', where: { id: { in: deleted } }, req, overrideAccess: true })
  for (const mail of kept) {
    await payload.update({
      collection: 'mails',
      id: mail.id,
      data: {
        subject: REMOVED_TEXT,
        text: REMOVED_TEXT,
        to: TO_THE_SELLER.has(mail.template) ? mail.to : anonymousEmail(user.id),
        reply_to: null,
        last_error: null,
        data: idsOnly(mail.data),
      },
      depth: 0,
      req,
      overrideAccess: true,
    })
  }
  return deleted.length
}

/**
 * The account row under a neutral name, with a hash no password matches and no session. Written
 * past the collection's hooks on purpose: a changed address would otherwise mail a confirmation
 * link to it, and the registration's rules are for people, not for this placeholder.
 */
async function replaceAccount(payload: Payload, req: PayloadRequest, id: number): Promise<void> {
  // Read and written under the account's lock: a login or refresh that read the row before would
  // otherwise write the old name, address, password and sessions back (issue 28).
  await lockAccount(payload, req, id)
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
