import { randomBytes } from 'node:crypto'
import type { Payload } from 'payload'

export type AdminLogin = { email: string; password?: string; created: boolean }

/**
 * The seller's account: created on first start from ADMIN_EMAIL / ADMIN_PASSWORD, or with a
 * generated password that is printed once (it is stored only as a hash).
 */
export async function ensureAdminUser(payload: Payload): Promise<AdminLogin> {
  const existing = await payload.find({ collection: 'users', where: { role: { equals: 'admin' } }, limit: 1, depth: 0 })
  const first = existing.docs[0]
  if (first) return { email: first.email, created: false }

  const email = process.env.ADMIN_EMAIL || 'admin@example.com'
  const password = process.env.ADMIN_PASSWORD || randomBytes(9).toString('base64url')
  await payload.create({
    collection: 'users',
    data: { email, username: email.split('@')[0] || 'admin', password, role: 'admin' },
  })
  return { email, password, created: true }
}
