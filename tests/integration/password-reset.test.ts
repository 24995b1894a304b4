import { randomBytes } from 'node:crypto'
import { PASSWORD_RESET_LIMIT, RESET_REQUESTED } from '../../src/auth/password-reset'
import { getJson, ownLoopbackAddress } from '../support/http'
import { mailsMatching, waitOutTheMailQueue, sentMailRecord, waitForMail } from '../support/mail'
import { nextResetMail, resetTokenIn } from '../support/password-reset'
import { closeTestPayload, testPayload } from '../support/payload'
import { forgetOwnRateLimitHits } from '../support/rate-limits'
import { createCustomer } from '../support/users'

const json = { 'Content-Type': 'application/json' }
const post = (path: string, body: unknown, from = ownLoopbackAddress()) => getJson(path, { method: 'POST', headers: json, body: JSON.stringify(body), from })
const requestReset = (email: string, from?: string, headers: Record<string, string> = {}) =>
  getJson('/api/accounts/password-reset/', {
    method: 'POST',
    headers: { ...json, ...headers },
    body: JSON.stringify({ email }),
    from: from ?? ownLoopbackAddress(),
  })
const confirmReset = (token: string, password: string) => post('/api/accounts/password-reset/confirm/', { token, password })
const me = async (token: string) => (await getJson('/api/cms/users/me', { headers: { Authorization: `JWT ${token}` } })).body?.user
const logIn = async (email: string, password: string) => {
  const answer = await post('/api/cms/users/login', { email, password })
  return answer.status === 200 ? (answer.body.token as string) : null
}
const newPassword = () => `Neu-${randomBytes(8).toString('hex')}`
const unknownAddress = () => `niemand-${randomBytes(4).toString('hex')}@example.com`

/** What the account stores for its reset link: the SHA-256 of the mailed token, never the token. */
async function storedResetToken(userId: number): Promise<string> {
  const payload = await testPayload()
  const stored = (await payload.db.findOne({ collection: 'users', where: { id: { equals: userId } } })) as Record<string, any>
  return stored.resetPasswordToken
}

/** Asks for a reset link for `email` and returns the token of the mail that brings it. */
async function tokenFromMail(email: string): Promise<string> {
  const token = resetTokenIn((await nextResetMail(email, () => requestReset(email))).text)
  if (!token) throw new Error(`The reset mail to ${email} carries no link.`)
  return token
}

describe('password reset: POST /api/accounts/password-reset/ and /confirm/', () => {
  afterAll(async () => {
    await forgetOwnRateLimitHits()
    await closeTestPayload()
  })

  it('answers a known and an unknown address alike (202, the same detail); only the known account gets a token', async () => {
    const customer = await createCustomer('vergesslich')
    let known: Awaited<ReturnType<typeof requestReset>> | undefined
    await nextResetMail(customer.email, async () => (known = await requestReset(customer.email.toUpperCase())))
    const unknown = await requestReset(unknownAddress())
    expect(known!.status).toBe(202)
    expect(unknown.status).toBe(202)
    expect(known!.body).toEqual({ detail: RESET_REQUESTED })
    expect(unknown.body).toEqual(known!.body)
    expect(await storedResetToken(customer.id)).toMatch(/^[0-9a-f]{64}$/)
  })

  it('mails the link in the account’s language (else the visitor’s); the mail’s record keeps no token', async () => {
    const german = await createCustomer('deutsch')
    const payload = await testPayload()
    await payload.update({ collection: 'users', id: german.id, data: { locale: 'de' } })
    expect((await requestReset(german.email, undefined, { 'Accept-Language': 'en' })).status).toBe(202)
    const mail = await waitForMail({ to: german.email, subject: /Neues Passwort festlegen/ })
    const token = resetTokenIn(mail.text)!
    expect(mail.text).toContain(`Hallo ${german.username}`)
    expect(mail.text).toContain(`${process.env.BASE_URL}/reset-password?token=${token}`)
    expect(token).toMatch(/^[0-9a-f]{40}$/)
    const record = await sentMailRecord(payload, german.email, 'password-reset')
    expect(record).toMatchObject({ template: 'password-reset', status: 'sent' })
    expect(JSON.stringify(record)).not.toContain(token)

    const withoutLanguage = await createCustomer('ohne-sprache')
    await requestReset(withoutLanguage.email, undefined, { 'Accept-Language': 'en-GB,en;q=0.9' })
    expect((await waitForMail({ to: withoutLanguage.email })).subject).toBe('Set a new password')

    const nobody = unknownAddress()
    expect((await requestReset(nobody)).status).toBe(202)
    await waitOutTheMailQueue()
    expect(mailsMatching({ to: nobody })).toHaveLength(0)
  })

  it('refuses a malformed request with 400 and a detail', async () => {
    for (const body of [{}, { email: 'kein-at' }, { email: 42 }, []]) {
      const answer = await post('/api/accounts/password-reset/', body)
      expect(answer.status).toBe(400)
      expect(typeof answer.body.detail).toBe('string')
    }
  })

  it(`limits requests per e-mail address (${PASSWORD_RESET_LIMIT.perEmail} an hour) and per client address (${PASSWORD_RESET_LIMIT.perAddress})`, async () => {
    const email = unknownAddress()
    for (let i = 0; i < PASSWORD_RESET_LIMIT.perEmail; i++) expect((await requestReset(email)).status).toBe(202)
    const perEmail = await requestReset(email)
    expect(perEmail.status).toBe(429)
    expect(perEmail.body).toMatchObject({ code: 'too_many_requests', detail: expect.stringMatching(/try again later/) })

    const address = ownLoopbackAddress()
    for (let i = 0; i < PASSWORD_RESET_LIMIT.perAddress; i++) expect((await requestReset(unknownAddress(), address)).status).toBe(202)
    expect((await requestReset(unknownAddress(), address)).status).toBe(429)
    expect((await requestReset(unknownAddress())).status).toBe(202)
  })

  it('closes Payload’s own forgot-password endpoint: reset links are asked for on the shop’s page', async () => {
    const customer = await createCustomer('rest-reset')
    const answer = await post('/api/cms/users/forgot-password', { email: customer.email })
    expect(answer.status).toBe(403)
    expect(JSON.stringify(answer.body)).toContain('/forgot-password')
    expect((await storedResetToken(customer.id)) ?? null).toBeNull()
  })

  it('sets the new password with the token: logged in at once, every other session ended, the old password refused', async () => {
    const customer = await createCustomer('neustart')
    const otherDevice = (await logIn(customer.email, customer.password))!
    expect((await me(otherDevice))?.id).toBe(customer.id)
    const token = await tokenFromMail(customer.email)
    const password = newPassword()

    const answer = await confirmReset(token, password)
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ user: customer.username, next: '/account' })
    expect(answer.headers.get('set-cookie')).toMatch(/payload-token=.+HttpOnly/i)
    expect((await me(answer.body.access))?.id).toBe(customer.id)
    expect(await me(otherDevice)).toBeFalsy()
    expect(await me(customer.token)).toBeFalsy()
    expect(await logIn(customer.email, customer.password)).toBeNull()
    expect(await logIn(customer.email, password)).not.toBeNull()
  })

  it('refuses a weak password (400 with the registration’s rule) and keeps the token usable', async () => {
    const customer = await createCustomer('schwach')
    const token = await tokenFromMail(customer.email)
    for (const [password, code, detail] of [
      ['kurz', 'password_too_short', /at least 8 characters/],
      ['passwort123', 'password_too_common', /too common/],
    ] as const) {
      const answer = await confirmReset(token, password)
      expect(answer.status).toBe(400)
      expect(answer.body).toMatchObject({ code, detail: expect.stringMatching(detail) })
    }
    expect(await logIn(customer.email, customer.password)).not.toBeNull()
    expect((await confirmReset(token, newPassword())).status).toBe(200)
  })

  it('refuses an unknown, a used and an expired token with 400 invalid_token', async () => {
    const unknown = await confirmReset(randomBytes(20).toString('hex'), newPassword())
    expect(unknown.status).toBe(400)
    expect(unknown.body).toMatchObject({ code: 'invalid_token', detail: expect.stringMatching(/invalid or has expired/) })
    expect((await confirmReset('../../etc', newPassword())).body.code).toBe('invalid_token')

    const customer = await createCustomer('einmal')
    const token = await tokenFromMail(customer.email)
    expect((await confirmReset(token, newPassword())).status).toBe(200)
    expect((await confirmReset(token, newPassword())).body.code).toBe('invalid_token')

    const late = await createCustomer('spaet')
    const lateToken = await tokenFromMail(late.email)
    const payload = await testPayload()
    await payload.db.updateOne({ collection: 'users', id: late.id, data: { resetPasswordExpiration: new Date(Date.now() - 1000).toISOString() } })
    expect((await confirmReset(lateToken, newPassword())).body.code).toBe('invalid_token')
    expect(await logIn(late.email, late.password)).not.toBeNull()
  })
})
