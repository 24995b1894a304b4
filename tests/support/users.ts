import { randomBytes } from 'node:crypto'
import { getJson } from './http'

const json = { 'Content-Type': 'application/json' }

/** The storefront's login (POST /api/auth/), from the given loopback address (a TCP peer of its own). */
export const storefrontLogIn = (username: string, password: string, from?: string) =>
  getJson('/api/auth/', { method: 'POST', headers: json, body: JSON.stringify({ username, password }), from })

/** Payload's own login, which the admin panel uses. */
export const cmsLogIn = (email: string, password: string, from?: string) =>
  getJson('/api/cms/users/login', { method: 'POST', headers: json, body: JSON.stringify({ email, password }), from })

import { testPayload } from './payload'

export type TestCustomer = { id: number; email: string; username: string; password: string; token: string }

/** A fresh customer account, logged in through Payload's REST login. */
export async function createCustomer(prefix = 'kunde'): Promise<TestCustomer> {
  const payload = await testPayload()
  const suffix = randomBytes(4).toString('hex')
  const username = `${prefix}-${suffix}`
  const email = `${username}@example.com`
  const password = `Pw-${randomBytes(8).toString('hex')}`
  const user = await payload.create({ collection: 'users', data: { email, username, password, role: 'customer' } })
  const login = await getJson('/api/cms/users/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  if (login.status !== 200) throw new Error(`login of ${email} failed: ${login.status}`)
  return { id: user.id, email, username, password, token: login.body.token }
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

/** The Jest tests' seller (JEST_SELLER), logged in through Payload's REST. */
export async function loginSeller(): Promise<{ token: string }> {
  await ensureJestSeller()
  const login = await getJson('/api/cms/users/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: JEST_SELLER.email, password: JEST_SELLER.password }),
  })
  if (login.status !== 200) throw new Error(`the seller's login failed: ${login.status}`)
  return { token: login.body.token }
}
