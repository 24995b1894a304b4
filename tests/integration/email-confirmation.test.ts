import { randomBytes } from 'node:crypto'
import { CONFIRMATION_LINK_DAYS, hashConfirmationToken, NEW_LINK_LIMIT } from '../../src/auth/email-confirmation'
import { getJson, ownLoopbackAddress } from '../support/http'
import { closeTestPayload, testPayload } from '../support/payload'
import { clearRateLimits } from '../support/rate-limits'
import { bearer, createCustomer, loginSeller } from '../support/users'

const json = { 'Content-Type': 'application/json' }
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  getJson(path, { method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify(body), from: ownLoopbackAddress() })
const patchUser = (id: number, data: unknown, token: { token: string }) =>
  getJson(`/api/cms/users/${id}`, { method: 'PATCH', headers: { ...json, ...bearer(token) }, body: JSON.stringify(data) })
const askAgain = (token: { token: string }) => getJson('/api/accounts/confirm-email/resend/', { method: 'POST', headers: bearer(token) })
const fresh = () => {
  const username = `bestaetigt-${randomBytes(4).toString('hex')}`
  return { username, email: `${username}@example.com`, password: `Leise-${randomBytes(6).toString('hex')}` }
}
/** The stored row, hidden fields included. */
const storedUser = async (id: number) => {
  const payload = await testPayload()
  return (await payload.db.findOne({ collection: 'users', where: { id: { equals: id } } })) as Record<string, any>
}
/** Gives an account a confirmation link whose token the test knows (the browser test reads it from the mail instead). */
async function knownLink(userId: number, expiresAt = new Date(Date.now() + 3600_000)): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  const payload = await testPayload()
  await payload.update({
    collection: 'users',
    id: userId,
    data: { email_confirmation_token_hash: hashConfirmationToken(token), email_confirmation_expires_at: expiresAt.toISOString() },
  })
  return token
}

describe('e-mail confirmation', () => {
  afterAll(async () => {
    await clearRateLimits()
    await closeTestPayload()
  })

  it('registers in the language given (else the language cookie), unconfirmed, with only a hash of the link’s token and an expiry', async () => {
    const english = await post('/api/accounts/register/', { ...fresh(), locale: 'en' })
    expect(english.status).toBe(201)
    const stored = await storedUser(english.body.id)
    expect(stored.locale).toBe('en')
    expect(stored.email_confirmed_at ?? null).toBeNull()
    expect(stored.email_confirmation_token_hash).toMatch(/^[0-9a-f]{64}$/)
    const days = (new Date(stored.email_confirmation_expires_at).getTime() - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(CONFIRMATION_LINK_DAYS - 0.01)
    expect(days).toBeLessThanOrEqual(CONFIRMATION_LINK_DAYS)

    const byCookie = await post('/api/accounts/register/', fresh(), { Cookie: 'lang=en', 'Accept-Language': 'de' })
    expect((await storedUser(byCookie.body.id)).locale).toBe('en')
    const byDefault = await post('/api/accounts/register/', fresh())
    expect((await storedUser(byDefault.body.id)).locale).toBe('de')
    expect((await post('/api/accounts/register/', { ...fresh(), locale: 'fr' })).status).toBe(400)
  })

  it('confirms the address with the link’s token once (no login needed); the token is gone afterwards', async () => {
    const customer = await createCustomer('klick')
    const token = await knownLink(customer.id)
    const answer = await post('/api/accounts/confirm-email/', { token })
    expect(answer.status).toBe(200)
    expect(answer.body.email).toBe(customer.email)
    const stored = await storedUser(customer.id)
    expect(Date.now() - new Date(stored.email_confirmed_at).getTime()).toBeLessThan(60_000)
    expect(stored.email_confirmation_token_hash ?? null).toBeNull()
    const again = await post('/api/accounts/confirm-email/', { token })
    expect(again.status).toBe(400)
    expect(again.body.code).toBe('invalid_token')
    // The customer reads the date on their own account.
    expect((await getJson(`/api/cms/users/${customer.id}`, { headers: bearer(customer) })).body.email_confirmed_at).toBe(stored.email_confirmed_at)
  })

  it('refuses an expired, an unknown or a malformed token with 400 and a detail', async () => {
    const customer = await createCustomer('abgelaufen')
    const expired = await knownLink(customer.id, new Date(Date.now() - 1000))
    for (const body of [{ token: expired }, { token: randomBytes(32).toString('base64url') }, { token: 'x' }, { token: 7 }, {}]) {
      const answer = await post('/api/accounts/confirm-email/', body)
      expect(answer.status).toBe(400)
      expect(answer.body.detail).toMatch(/./)
    }
    expect((await storedUser(customer.id)).email_confirmed_at ?? null).toBeNull()
  })

  it('lets neither a customer nor the seller set the confirmation or its token through Payload’s REST', async () => {
    const customer = await createCustomer('schummel')
    const forged = { email_confirmed_at: '2026-01-01T00:00:00.000Z', email_confirmation_token_hash: 'a'.repeat(64), email_confirmation_expires_at: '2099-01-01T00:00:00.000Z' }
    expect((await patchUser(customer.id, forged, customer)).status).toBe(200)
    expect((await patchUser(customer.id, forged, await loginSeller())).status).toBe(200)
    const stored = await storedUser(customer.id)
    expect(stored.email_confirmed_at ?? null).toBeNull()
    expect(stored.email_confirmation_token_hash ?? null).toBeNull()
    // Nor the language of their mails, which is the seller's to change.
    expect((await patchUser(customer.id, { locale: 'en' }, customer)).status).toBe(200)
    expect((await storedUser(customer.id)).locale ?? null).toBeNull()
    // The hidden fields never leave the server.
    const read = await getJson(`/api/cms/users/${customer.id}`, { headers: bearer(customer) })
    expect(read.body).not.toHaveProperty('email_confirmation_token_hash')
    expect(read.body).not.toHaveProperty('email_confirmation_expires_at')
  })

  it('makes a changed address unconfirmed again with a new link', async () => {
    const customer = await createCustomer('neue-adresse')
    await post('/api/accounts/confirm-email/', { token: await knownLink(customer.id) })
    expect((await storedUser(customer.id)).email_confirmed_at).toBeTruthy()
    const email = `neu-${randomBytes(4).toString('hex')}@example.com`
    expect((await patchUser(customer.id, { email, current_password: customer.password }, customer)).status).toBe(200)
    const stored = await storedUser(customer.id)
    expect(stored.email).toBe(email)
    expect(stored.email_confirmed_at ?? null).toBeNull()
    expect(stored.email_confirmation_token_hash).toMatch(/^[0-9a-f]{64}$/)
  })

  it('sends a new link on request while unconfirmed, a few times an hour; not once confirmed, not without a login', async () => {
    const customer = await createCustomer('nochmal')
    const first = await askAgain(customer)
    expect(first.status).toBe(202)
    expect(first.body.email).toBe(customer.email)
    const hash = (await storedUser(customer.id)).email_confirmation_token_hash
    expect(hash).toMatch(/^[0-9a-f]{64}$/)
    for (let i = 1; i < NEW_LINK_LIMIT.perAccount; i++) expect((await askAgain(customer)).status).toBe(202)
    expect((await storedUser(customer.id)).email_confirmation_token_hash).not.toBe(hash)
    const limited = await askAgain(customer)
    expect(limited.status).toBe(429)
    expect(limited.body.code).toBe('too_many_requests')

    const confirmed = await createCustomer('fertig')
    await post('/api/accounts/confirm-email/', { token: await knownLink(confirmed.id) })
    expect((await askAgain(confirmed)).status).toBe(409)
    expect((await getJson('/api/accounts/confirm-email/resend/', { method: 'POST' })).status).toBe(401)
    expect((await getJson('/api/accounts/confirm-email/resend/', { method: 'POST', headers: { Origin: 'https://evil.example', ...bearer(customer) } })).status).toBe(403)
  })
})
