import { passwordMatches } from '../../src/auth/password-check'
import { closeTestPayload, testPayload } from '../support/payload'
import { forgetRateLimitHits } from '../support/rate-limits'
import { createCustomer } from '../support/users'

/**
 * src/auth/password-check.ts: the current password checked through Payload's own login, which
 * must leave no trace of a login behind (session, timestamps, the login limits' counts).
 */
type StoredUser = { id: number; hash: string; salt: string; updatedAt: string; sessions?: { id: string }[] }
const storedUser = async (id: number) =>
  (await (await testPayload()).db.findOne({ collection: 'users', where: { id: { equals: id } } })) as unknown as StoredUser
const accountHits = async (id: number) =>
  (await (await testPayload()).count({ collection: 'rate-limit-hits', where: { limit_key: { equals: `login-account:${id}` } } })).totalDocs

afterAll(closeTestPayload)

describe('checking a password through Payload', () => {
  it('accepts the current password and nothing else', async () => {
    const payload = await testPayload()
    const customer = await createCustomer('pwcheck')
    expect(await passwordMatches(payload, customer.id, customer.password)).toBe(true)
    expect(await passwordMatches(payload, customer.id, `${customer.password}x`)).toBe(false)
    expect(await passwordMatches(payload, customer.id, customer.password.toUpperCase())).toBe(false)
    expect(await passwordMatches(payload, customer.id, '')).toBe(false)
    expect(await passwordMatches(payload, customer.id, '   ')).toBe(false)
    expect(await passwordMatches(payload, 2_000_000_000, customer.password)).toBe(false)
  })

  it('checks the account asked for, not another one with the same password', async () => {
    const payload = await testPayload()
    const [first, second] = [await createCustomer('pwcheck-a', { ownPassword: true }), await createCustomer('pwcheck-b', { ownPassword: true })]
    expect(await passwordMatches(payload, second.id, first.password)).toBe(false)
    expect(await passwordMatches(payload, first.id, first.password)).toBe(true)
  })

  it('leaves no session, no new timestamp and the same hash behind, right or wrong', async () => {
    const payload = await testPayload()
    const customer = await createCustomer('pwcheck-trace')
    const before = await storedUser(customer.id)
    expect(before.sessions?.length).toBe(1)
    expect(await passwordMatches(payload, customer.id, customer.password)).toBe(true)
    expect(await passwordMatches(payload, customer.id, 'not-the-password')).toBe(false)
    const after = await storedUser(customer.id)
    expect(after.sessions?.map((session) => session.id)).toEqual(before.sessions?.map((session) => session.id))
    expect(after.updatedAt).toBe(before.updatedAt)
    expect([after.hash, after.salt]).toEqual([before.hash, before.salt])
  })

  it('is no login for the login limits: it neither counts a wrong password nor clears an account’s failed logins', async () => {
    const payload = await testPayload()
    const customer = await createCustomer('pwcheck-limit')
    expect(await passwordMatches(payload, customer.id, 'not-the-password')).toBe(false)
    expect(await accountHits(customer.id)).toBe(0)
    // A failed login counted earlier stays counted after a right password in the check.
    await payload.create({ collection: 'rate-limit-hits', data: { limit_key: `login-account:${customer.id}` } })
    expect(await passwordMatches(payload, customer.id, customer.password)).toBe(true)
    expect(await accountHits(customer.id)).toBe(1)
    await forgetRateLimitHits({ accounts: [customer.id] })
  })
})
