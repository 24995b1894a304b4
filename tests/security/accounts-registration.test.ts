import { randomBytes } from 'node:crypto'
import { REGISTRATION_LIMIT } from '../../src/auth/accounts'
import { getJson, ownLoopbackAddress } from '../support/http'
import { closeTestPayload, testPayload } from '../support/payload'
import { forgetOwnRateLimitHits } from '../support/rate-limits'
import { bearer, createCustomer, loginSeller } from '../support/users'

const json = { 'Content-Type': 'application/json' }
const fresh = (prefix = 'neu') => {
  const username = `${prefix}-${randomBytes(4).toString('hex')}`
  return { username, email: `${username}@example.com`, password: `Leise-${randomBytes(6).toString('hex')}` }
}
const register = (account: unknown, from = ownLoopbackAddress()) =>
  getJson('/api/accounts/register/', { method: 'POST', headers: json, body: JSON.stringify(account), from })
const restCreate = (account: unknown, headers: Record<string, string> = {}) =>
  getJson('/api/cms/users', { method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify(account) })
const usersNamed = async (username: string) => {
  const payload = await testPayload()
  return (await payload.find({ collection: 'users', where: { username: { equals: username.toLowerCase() } } })).docs
}

describe('accounts are created only through the registration (or by the seller), under the same rules', () => {
  afterAll(async () => {
    await forgetOwnRateLimitHits()
    await closeTestPayload()
  })

  it('refuses Payload’s REST create to visitors and customers', async () => {
    const anonymous = fresh()
    expect((await restCreate(anonymous)).status).toBe(403)
    const byCustomer = fresh()
    expect((await restCreate(byCustomer, bearer(await createCustomer()))).status).toBe(403)
    expect(await usersNamed(anonymous.username)).toHaveLength(0)
    expect(await usersNamed(byCustomer.username)).toHaveLength(0)
  })

  it('holds the seller’s REST create to the password, username and e-mail rules (400), and lets a good one through', async () => {
    const seller = bearer(await loginSeller())
    for (const [change, message] of [
      [{ password: 'kurz' }, 'at least 8 characters'],
      [{ password: 'passwort123' }, 'too common'],
      [{ username: 'a b' }, 'Please choose a username'],
      [{ email: 'no-at-sign' }, 'valid e-mail address'],
    ] as const) {
      const account = { ...fresh(), ...change }
      const refused = await restCreate(account, seller)
      expect(refused.status).toBe(400)
      expect(JSON.stringify(refused.body)).toContain(message)
      expect(await usersNamed(account.username)).toHaveLength(0)
    }
    const good = fresh()
    expect((await restCreate(good, seller)).status).toBe(201)
  })

  it('holds the Local API to the password rules too', async () => {
    const payload = await testPayload()
    await expect(payload.create({ collection: 'users', data: { ...fresh(), password: '12345678', role: 'customer' } })).rejects.toThrow(/password/i)
  })

  it('answers a username or e-mail that differs only in case with 400 username_taken / email_taken', async () => {
    const account = fresh('Gross')
    expect((await register(account)).status).toBe(201)
    const sameName = await register({ ...fresh(), username: account.username.toUpperCase() })
    expect(sameName.status).toBe(400)
    expect(sameName.body).toMatchObject({ code: 'username_taken' })
    const sameEmail = await register({ ...fresh(), email: account.email.toUpperCase() })
    expect(sameEmail.status).toBe(400)
    expect(sameEmail.body).toMatchObject({ code: 'email_taken' })
  })

  it('stores one of two racing registrations of the same name and answers the other 400, never 500', async () => {
    const name = `Wettlauf-${randomBytes(4).toString('hex')}`
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => register({ ...fresh(), username: i % 2 ? name.toLowerCase() : name.toUpperCase() })))
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1)
    for (const refused of answers.filter((answer) => answer.status !== 201)) {
      expect(refused.status).toBe(400)
      expect(refused.body).toMatchObject({ code: 'username_taken' })
    }
    expect(await usersNamed(name)).toHaveLength(1)

    const email = `wettlauf-${randomBytes(4).toString('hex')}@example.com`
    const byEmail = await Promise.all(Array.from({ length: 6 }, () => register({ ...fresh(), email })))
    expect(byEmail.filter((answer) => answer.status === 201)).toHaveLength(1)
    // Each refusal on its own, so that a failure shows what the other answers were.
    for (const refused of byEmail.filter((answer) => answer.status !== 201)) expect(refused).toMatchObject({ status: 400, body: { code: 'email_taken' } })
  })

  it(`allows ${REGISTRATION_LIMIT.perAddress} new accounts per address and hour, also in a parallel burst; then 429; other addresses still register`, async () => {
    const household = ownLoopbackAddress()
    const answers = await Promise.all(Array.from({ length: REGISTRATION_LIMIT.perAddress + 5 }, () => register(fresh('haus'), household)))
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(REGISTRATION_LIMIT.perAddress)
    const refused = answers.filter((answer) => answer.status === 429)
    expect(refused).toHaveLength(5)
    expect(refused[0]!.body).toMatchObject({ code: 'too_many_registrations', detail: expect.stringMatching(/Too many new accounts/) })
    // Another address has its own allowance.
    expect((await register(fresh(), ownLoopbackAddress())).status).toBe(201)
  })

  it('makes nobody admin by registering', async () => {
    const account = fresh()
    const created = await register({ ...account, role: 'admin' })
    expect(created.status).toBe(201)
    expect((await usersNamed(account.username))[0]!.role).toBe('customer')
  })
})
