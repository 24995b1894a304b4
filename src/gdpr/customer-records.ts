import { type PostgresAdapter, sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'
import type { ContactMessage, Follower, Mail, User, Withdrawal } from '../../payload-types'

/*
 * Which contact messages, withdrawals, mails and follow sign-ups are one customer's, for the GDPR export and the
 * anonymisation alike. By the account first: withdrawals sent while logged in, and the mails that
 * name the account or one of its orders, purchases, withdrawals, contact messages or revision wishes. By the
 * e-mail address only once the account has confirmed it: anybody can register with a stranger's
 * address, and must not get (or erase) that stranger's messages with it.
 */

export type CustomerRecords = { contactMessages: ContactMessage[]; withdrawals: Withdrawal[]; mails: Mail[]; followers: Follower[] }

/** The account's address if its owner has proven it (the confirmation link), else null. */
export const confirmedAddress = (user: Pick<User, 'email' | 'email_confirmed_at'>): string | null => (user.email_confirmed_at ? user.email : null)

const sameAddress = (a: unknown, b: string) => typeof a === 'string' && a.trim().toLowerCase() === b.trim().toLowerCase()

const uniqueById = <T extends { id: number }>(docs: T[]): T[] => [...new Map(docs.map((doc) => [doc.id, doc])).values()]

type Local = { req?: PayloadRequest }

/** Records with exactly this address in `field` (Payload's `like` is a case-insensitive substring match). */
async function withAddress<T extends 'contact-messages' | 'withdrawals' | 'mails'>(
  payload: Payload,
  collection: T,
  field: string,
  email: string,
  { req }: Local,
) {
  const { docs } = await payload.find({ collection, where: { [field]: { like: email } }, depth: 0, pagination: false, overrideAccess: true, req })
  return docs.filter((doc) => sameAddress((doc as unknown as Record<string, unknown>)[field], email))
}

async function idsOf(payload: Payload, collection: 'orders' | 'purchases' | 'revision-requests', customerId: number, { req }: Local): Promise<number[]> {
  const { docs } = await payload.find({
    collection,
    where: { customer: { equals: customerId } },
    select: {},
    depth: 0,
    pagination: false,
    overrideAccess: true,
    req,
  })
  return docs.map((doc) => doc.id)
}

/** The database of `req`'s transaction, else the adapter's pool (PostgreSQL only, see payload.config.ts). */
async function database(payload: Payload, req: PayloadRequest | undefined) {
  const adapter = payload.db as unknown as PostgresAdapter
  const transactionId = req?.transactionID ? await req.transactionID : undefined
  return (transactionId !== undefined && adapter.sessions[transactionId]?.db) || adapter.drizzle
}

/** Ids of the mails whose data names one of `references` (e.g. {order: 12}); a JSON containment test per pair. */
async function mailsReferring(payload: Payload, references: [key: string, ids: number[]][], { req }: Local): Promise<number[]> {
  const tests: ReturnType<typeof sql>[] = references.flatMap(([key, ids]) => ids.map((id) => sql`data @> ${JSON.stringify({ [key]: id })}::jsonb`))
  if (tests.length === 0) return []
  const result = (await (await database(payload, req)).execute(sql`select id from mails where ${sql.join(tests, sql` or `)}`)) as unknown as {
    rows: { id: number }[]
  }
  return result.rows.map((row) => Number(row.id))
}

/** The customer's contact messages, withdrawals and mails (read on the seller's or the server's behalf, so without access checks). */
export async function customerRecords(payload: Payload, user: User, local: Local = {}): Promise<CustomerRecords> {
  const email = confirmedAddress(user)
  const contactMessages = email ? await withAddress(payload, 'contact-messages', 'email', email, local) : []
  const { docs: linkedWithdrawals } = await payload.find({
    collection: 'withdrawals',
    where: { customer: { equals: user.id } },
    depth: 0,
    pagination: false,
    overrideAccess: true,
    req: local.req,
  })
  const withdrawals = uniqueById([...linkedWithdrawals, ...(email ? await withAddress(payload, 'withdrawals', 'email', email, local) : [])])

  const referring = await mailsReferring(
    payload,
    [
      ['user', [user.id]],
      ['order', await idsOf(payload, 'orders', user.id, local)],
      ['purchase', await idsOf(payload, 'purchases', user.id, local)],
      ['revision', await idsOf(payload, 'revision-requests', user.id, local)],
      ['withdrawal', withdrawals.map((doc) => doc.id)],
      ['message', contactMessages.map((doc) => doc.id)],
    ],
    local,
  )
  // Mails to the address, and the seller's copies of messages from it (they reply to it).
  const addressed = email
    ? [...(await withAddress(payload, 'mails', 'to', email, local)), ...(await withAddress(payload, 'mails', 'reply_to', email, local))]
    : []
  const addressedIds = new Set(addressed.map((mail) => mail.id))
  const { docs: referred } = referring.filter((id) => !addressedIds.has(id)).length
    ? await payload.find({
        collection: 'mails',
        where: { id: { in: referring.filter((id) => !addressedIds.has(id)) } },
        depth: 0,
        pagination: false,
        overrideAccess: true,
        req: local.req,
      })
    : { docs: [] as Mail[] }
  const mails = uniqueById([...addressed, ...referred]).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id)
  // Sign-ups to follow: made by the account (logged in, checkout), or for its confirmed address.
  const { docs: followers } = await payload.find({
    collection: 'followers',
    where: { or: [{ user: { equals: user.id } }, ...(email ? [{ email: { equals: email.trim().toLowerCase() } }] : [])] },
    depth: 0,
    pagination: false,
    overrideAccess: true,
    req: local.req,
  })
  return { contactMessages, withdrawals, mails, followers }
}
