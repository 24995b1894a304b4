import { randomBytes } from 'node:crypto'
import { getJson } from './http'
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

/** The seller's account that scripts/test.ts creates (ADMIN_EMAIL / ADMIN_PASSWORD), logged in through Payload's REST. */
export async function loginSeller(): Promise<{ token: string }> {
  const login = await getJson('/api/cms/users/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: process.env.ADMIN_EMAIL ?? 'admin@example.com', password: process.env.ADMIN_PASSWORD ?? 'test-admin-password' }),
  })
  if (login.status !== 200) throw new Error(`the seller's login failed: ${login.status}`)
  return { token: login.body.token }
}
