import { randomBytes } from 'node:crypto'
import { CONFIRMATION_LINK_DAYS, hashConfirmationToken, NEW_LINK_LIMIT } from '../../src/auth/email-confirmation'
import { getJson, ownLoopbackAddress } from '../support/http'
import { mailsMatching, sentMailRecord, waitForMail } from '../support/mail'
import { closeTestPayload, testPayload } from '../support/payload'
import { forgetOwnRateLimitHits } from '../support/rate-limits'
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
/** The token in a mail's confirmation link. */
const linkToken = (text: string) => new URL(/https?:\/\/\S+\/confirm-email\?token=\S+/.exec(text)![0]).searchParams.get('token')!

/** The account's pending confirmation links, as stored (only hashes). */
const storedLinks = async (userId: number) => {
  const payload = await testPayload()
  return (await payload.find({ collection: 'email-confirmation-links', where: { user: { equals: userId } }, depth: 0 })).docs
}
/** Gives an account a confirmation link whose token the test knows (the browser test reads it from the mail instead). */
async function knownLink(user: { id: number; email: string }, expiresAt = new Date(Date.now() + 3600_000)): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  const payload = await testPayload()
  await payload.create({
    collection: 'email-confirmation-links',
    data: { user: user.id, email: user.email, token_hash: hashConfirmationToken(token), expires_at: expiresAt.toISOString() },
  })
  return token
}

describe('e-mail confirmation', () => {
  afterAll(async () => {
    await forgetOwnRateLimitHits()
    await closeTestPayload()
  })

  it('registers in the language given (else the language cookie), unconfirmed; the welcome mail in that language carries the only copy of the token', async () => {
    const account = fresh()
    const english = await post('/api/accounts/register/', { ...account, locale: 'en' })
    expect(english.status).toBe(201)
    const welcome = await waitForMail({ to: account.email, subject: /Welcome/ })
    expect(welcome.text).toContain(`Hello ${account.username}`)
    const token = linkToken(welcome.text)
    expect(welcome.html).toContain(`/confirm-email?token=${token}`)

    const stored = await storedUser(english.body.id)
    expect(stored.locale).toBe('en')
    expect(stored.email_confirmed_at ?? null).toBeNull()
    const [link] = await storedLinks(english.body.id)
    expect(link).toMatchObject({ email: account.email, token_hash: hashConfirmationToken(token) })
    const days = (new Date(link!.expires_at).getTime() - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(CONFIRMATION_LINK_DAYS - 0.01)
    expect(days).toBeLessThanOrEqual(CONFIRMATION_LINK_DAYS)
    // The mail's record in the admin keeps its text, not the link.
    const payload = await testPayload()
    const record = await sentMailRecord(payload, account.email, 'welcome')
    expect(record).toMatchObject({ template: 'welcome', locale: 'en', status: 'sent' })
    expect(record!.text).toContain('The link is only in the e-mail as sent.')
    expect(JSON.stringify(record)).not.toContain(token)

    const byCookie = fresh()
    const cookie = await post('/api/accounts/register/', byCookie, { Cookie: 'lang=en', 'Accept-Language': 'de' })
    expect((await storedUser(cookie.body.id)).locale).toBe('en')
    const byDefault = fresh()
    const german = await post('/api/accounts/register/', byDefault)
    expect((await storedUser(german.body.id)).locale).toBe('de')
    expect((await waitForMail({ to: byDefault.email })).subject).toBe('Willkommen bei Lina Sommer')
    expect((await post('/api/accounts/register/', { ...fresh(), locale: 'fr' })).status).toBe(400)
  })

  it('confirms the address with the link’s token once (no login needed); the token is gone afterwards', async () => {
    const customer = await createCustomer('klick')
    const token = await knownLink(customer)
    const answer = await post('/api/accounts/confirm-email/', { token })
    expect(answer.status).toBe(200)
    expect(answer.body.email).toBe(customer.email)
    const stored = await storedUser(customer.id)
    expect(Date.now() - new Date(stored.email_confirmed_at).getTime()).toBeLessThan(60_000)
    expect(await storedLinks(customer.id)).toHaveLength(0)
    const again = await post('/api/accounts/confirm-email/', { token })
    expect(again.status).toBe(400)
    expect(again.body.code).toBe('invalid_token')
    // The customer reads the date on their own account.
    expect((await getJson(`/api/cms/users/${customer.id}`, { headers: bearer(customer) })).body.email_confirmed_at).toBe(stored.email_confirmed_at)
  })

  it('refuses an expired, an unknown or a malformed token with 400 and a detail', async () => {
    const customer = await createCustomer('abgelaufen')
    const expired = await knownLink(customer, new Date(Date.now() - 1000))
    for (const body of [{ token: expired }, { token: randomBytes(32).toString('base64url') }, { token: 'x' }, { token: 7 }, {}]) {
      const answer = await post('/api/accounts/confirm-email/', body)
      expect(answer.status).toBe(400)
      expect(answer.body.detail).toMatch(/./)
    }
    expect((await storedUser(customer.id)).email_confirmed_at ?? null).toBeNull()
  })

  it('lets neither a customer nor the seller set the confirmation or a link through Payload’s REST', async () => {
    const customer = await createCustomer('schummel')
    const seller = await loginSeller()
    const forged = { email_confirmed_at: '2026-01-01T00:00:00.000Z' }
    expect((await patchUser(customer.id, forged, customer)).status).toBe(200)
    expect((await patchUser(customer.id, forged, seller)).status).toBe(200)
    expect((await storedUser(customer.id)).email_confirmed_at ?? null).toBeNull()
    // The links are the server's alone: nobody lists or adds them.
    const link = { user: customer.id, email: customer.email, token_hash: 'a'.repeat(64), expires_at: '2099-01-01T00:00:00.000Z' }
    for (const who of [customer, seller]) {
      const created = await getJson('/api/cms/email-confirmation-links', { method: 'POST', headers: { ...json, ...bearer(who) }, body: JSON.stringify(link) })
      expect(created.status).toBe(403)
      expect((await getJson('/api/cms/email-confirmation-links', { headers: bearer(who) })).status).toBe(403)
    }
    expect(await storedLinks(customer.id)).toHaveLength(0)
    // Nor the language of their mails, which is the seller's to change.
    expect((await patchUser(customer.id, { locale: 'en' }, customer)).status).toBe(200)
    expect((await storedUser(customer.id)).locale ?? null).toBeNull()
  })

  it('makes a changed address unconfirmed again and mails a new link to it, which confirms it', async () => {
    const customer = await createCustomer('neue-adresse')
    await post('/api/accounts/confirm-email/', { token: await knownLink(customer) })
    expect((await storedUser(customer.id)).email_confirmed_at).toBeTruthy()
    const stale = await knownLink(customer)
    const email = `neu-${randomBytes(4).toString('hex')}@example.com`
    expect((await patchUser(customer.id, { email, current_password: customer.password }, customer)).status).toBe(200)
    expect((await storedUser(customer.id)).email_confirmed_at ?? null).toBeNull()
    expect((await post('/api/accounts/confirm-email/', { token: stale })).status).toBe(400)
    const mail = await waitForMail({ to: email, subject: /Bitte bestätige deine E-Mail-Adresse/ })
    const confirmed = await post('/api/accounts/confirm-email/', { token: linkToken(mail.text) })
    expect(confirmed.status).toBe(200)
    expect(confirmed.body.email).toBe(email)
    expect(mailsMatching({ to: customer.email, subject: /bestätige/ })).toHaveLength(0)
  })

  it('sends a new link on request while unconfirmed, a few times an hour, each replacing the last; not once confirmed, not without a login', async () => {
    const customer = await createCustomer('nochmal')
    const first = await askAgain(customer)
    expect(first.status).toBe(202)
    expect(first.body.email).toBe(customer.email)
    await waitForMail({ to: customer.email, subject: /bestätige/ })
    for (let i = 1; i < NEW_LINK_LIMIT.perAccount; i++) expect((await askAgain(customer)).status).toBe(202)
    const limited = await askAgain(customer)
    expect(limited.status).toBe(429)
    expect(limited.body.code).toBe('too_many_requests')
    const deadline = Date.now() + 30_000
    while (mailsMatching({ to: customer.email, subject: /bestätige/ }).length < NEW_LINK_LIMIT.perAccount && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 250))
    const mails = mailsMatching({ to: customer.email, subject: /bestätige/ })
    expect(mails).toHaveLength(NEW_LINK_LIMIT.perAccount)
    // Only the newest link works: the account holds the hash of one of the three tokens.
    const tokens = mails.map((mail) => linkToken(mail.text))
    const stored = (await storedLinks(customer.id)).map((link) => link.token_hash)
    expect(stored).toHaveLength(1)
    const current = tokens.filter((token) => hashConfirmationToken(token) === stored[0])
    expect(current).toHaveLength(1)
    for (const stale of tokens.filter((token) => token !== current[0])) expect((await post('/api/accounts/confirm-email/', { token: stale })).status).toBe(400)
    expect((await post('/api/accounts/confirm-email/', { token: current[0] })).status).toBe(200)

    expect((await askAgain(customer)).status).toBe(409)
    expect((await getJson('/api/accounts/confirm-email/resend/', { method: 'POST' })).status).toBe(401)
    expect(
      (await getJson('/api/accounts/confirm-email/resend/', { method: 'POST', headers: { Origin: 'https://evil.example', ...bearer(customer) } })).status,
    ).toBe(403)
  })
})
