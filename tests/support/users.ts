import { randomBytes, randomUUID } from 'node:crypto'
import { getFieldsToSign, jwtSign, type Payload } from 'payload'
import { getJson } from './http'
import { testPayload } from './payload'

const json = { 'Content-Type': 'application/json' }

/** The storefront's login (POST /api/auth/), from the given loopback address (a TCP peer of its own). */
export const storefrontLogIn = (username: string, password: string, from?: string) =>
  getJson('/api/auth/', { method: 'POST', headers: json, body: JSON.stringify({ username, password }), from })

/** Payload's own login, which the admin panel uses. */
export const cmsLogIn = (email: string, password: string, from?: string) =>
  getJson('/api/cms/users/login', { method: 'POST', headers: json, body: JSON.stringify({ email, password }), from })

export type TestCustomer = { id: number; email: string; username: string; password: string; token: string }

/** The password of this file's test customers. */
const CUSTOMER_PASSWORD = `Pw-${randomBytes(8).toString('hex')}`
/** Payload's hash of it, taken from the file's first customer. */
let customerPasswordHash: Promise<{ hash: string; salt: string }> | undefined

/** A customer made by Payload (its hooks, its password hashing) and logged in through Payload's REST login. */
async function customerThroughPayload(payload: Payload, data: { email: string; username: string }, password: string) {
  const user = await payload.create({ collection: 'users', data: { ...data, password, role: 'customer' } })
  const stored = await payload.db.findOne<{ id: number; hash?: string; salt?: string }>({ collection: 'users', where: { id: { equals: user.id } } })
  if (!stored?.hash || !stored.salt) throw new Error('a test customer has no stored password hash')
  const login = await cmsLogIn(data.email, password)
  if (login.status !== 200) throw new Error(`login of ${data.email} failed: ${login.status}`)
  return { id: user.id, token: login.body.token as string, hash: stored.hash, salt: stored.salt }
}

/**
 * Every further customer of the file: the first one's password hash and a session, stored and
 * signed as Payload's login stores and signs them (its session list, its JWT). Each hashing costs
 * 600,000 PBKDF2 rounds (about 0.4 s of CPU), one at creation and one at login, and the tests make
 * well over a hundred customers on a machine their lanes share; creating accounts and logging in
 * are tested for themselves (tests/security/accounts-*, tests/integration/sessions-race.test.ts).
 */
async function furtherCustomer(payload: Payload, data: { email: string; username: string }, password: { hash: string; salt: string }) {
  const { tokenExpiration } = payload.collections.users.config.auth
  const now = new Date()
  const session = { id: randomUUID(), createdAt: now.toISOString(), expiresAt: new Date(now.getTime() + tokenExpiration * 1000).toISOString() }
  const user = await payload.db.create({ collection: 'users', data: { ...data, role: 'customer', ...password, sessions: [session] } })
  const fieldsToSign = getFieldsToSign({
    collectionConfig: payload.collections.users.config,
    email: data.email,
    sid: session.id,
    user: { ...user, collection: 'users' } as never,
  })
  const { token } = await jwtSign({ fieldsToSign, secret: payload.secret, tokenExpiration })
  return { id: user.id as number, token }
}

/**
 * A fresh customer account, logged in. The customers of a file share one password, unless
 * `ownPassword` asks for one of its own (made and logged in the long way, through Payload).
 */
export async function createCustomer(prefix = 'kunde', { ownPassword = false } = {}): Promise<TestCustomer> {
  const payload = await testPayload()
  const suffix = randomBytes(4).toString('hex')
  const username = `${prefix}-${suffix}`
  const email = `${username}@example.com`
  let user: { id: number; token: string }
  let password = CUSTOMER_PASSWORD
  if (ownPassword) {
    password = `Pw-${randomBytes(8).toString('hex')}`
    user = await customerThroughPayload(payload, { email, username }, password)
  } else if (customerPasswordHash) user = await furtherCustomer(payload, { email, username }, await customerPasswordHash)
  else {
    const first = customerThroughPayload(payload, { email, username }, CUSTOMER_PASSWORD)
    customerPasswordHash = first.then(({ hash, salt }) => ({ hash, salt }))
    user = await first
  }
  return { id: user.id, email, username, password, token: user.token }
}

export const bearer = (customer: { token: string }) => ({ Authorization: `JWT ${customer.token}` })

/**
 * The seller's account of the Jest tests: a second admin beside the one scripts/test.ts creates
 * (ADMIN_EMAIL), which the browser tests log in to at the same time: the account's login brake
 * (src/auth/login-limit.ts counts a running attempt as failed until it succeeds) then never sees
 * the two suites' logins together.
 */
export const JEST_SELLER = { email: 'jest-seller@example.com', username: 'jest-seller', password: 'jest-seller-password-1' }

async function ensureJestSeller(): Promise<void> {
  const payload = await testPayload()
  const found = await payload.find({ collection: 'users', where: { email: { equals: JEST_SELLER.email } }, limit: 1, depth: 0 })
  if (found.docs.length === 0) await payload.create({ collection: 'users', data: { ...JEST_SELLER, role: 'admin' } })
}

let sellerLogin: Promise<{ token: string }> | undefined

/** The Jest tests' seller (JEST_SELLER), logged in through Payload's REST once per test file (a login costs a password hashing). */
export function loginSeller(): Promise<{ token: string }> {
  sellerLogin ??= (async () => {
    await ensureJestSeller()
    const login = await cmsLogIn(JEST_SELLER.email, JEST_SELLER.password)
    if (login.status !== 200) throw new Error(`the seller's login failed: ${login.status}`)
    return { token: login.body.token as string }
  })()
  return sellerLogin
}
