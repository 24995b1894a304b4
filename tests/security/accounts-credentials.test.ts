import { randomBytes } from 'node:crypto'
import { getJson, ownLoopbackAddress } from '../support/http'
import { closeTestPayload, testPayload } from '../support/payload'
import { forgetOwnRateLimitHits } from '../support/rate-limits'
import { bearer, createCustomer, loginSeller, type TestCustomer } from '../support/users'

const json = { 'Content-Type': 'application/json' }
const patchUser = (id: number, data: unknown, token: { token: string }) =>
  getJson(`/api/cms/users/${id}`, { method: 'PATCH', headers: { ...json, ...bearer(token) }, body: JSON.stringify(data) })
const me = async (token: string) => (await getJson('/api/cms/users/me', { headers: { Authorization: `JWT ${token}` } })).body?.user
const logIn = async (email: string, password: string) => {
  const answer = await getJson('/api/cms/users/login', { method: 'POST', headers: json, body: JSON.stringify({ email, password }), from: ownLoopbackAddress() })
  return answer.status === 200 ? (answer.body.token as string) : null
}
/** The stored row, hidden fields included. */
const storedUser = async (id: number) => {
  const payload = await testPayload()
  return (await payload.db.findOne({ collection: 'users', where: { id: { equals: id } } })) as Record<string, any>
}
const newPassword = () => `Neu-${randomBytes(8).toString('hex')}`

afterAll(async () => {
  await forgetOwnRateLimitHits()
  await closeTestPayload()
})

describe('changing e-mail or password needs the current password and ends the other sessions', () => {
  it('refuses a customer’s new password without the current one or with a wrong one (400), and keeps the old password', async () => {
    const customer = await createCustomer('pw')
    const without = await patchUser(customer.id, { password: newPassword() }, customer)
    expect(without.status).toBe(400)
    expect(JSON.stringify(without.body)).toContain('Please enter your current password')
    const wrong = await patchUser(customer.id, { password: newPassword(), current_password: 'not-the-password' }, customer)
    expect(wrong.status).toBe(400)
    expect(await logIn(customer.email, customer.password)).not.toBeNull()
  })

  it('refuses a customer’s new e-mail address without the current password', async () => {
    const customer = await createCustomer('mail')
    const refused = await patchUser(customer.id, { email: `other-${randomBytes(4).toString('hex')}@example.com` }, customer)
    expect(refused.status).toBe(400)
    expect((await storedUser(customer.id)).email).toBe(customer.email)
  })

  it('holds a new password to the password rules, even with the right current password', async () => {
    const customer = await createCustomer('regel')
    for (const password of ['kurz', 'password123']) {
      expect((await patchUser(customer.id, { password, current_password: customer.password }, customer)).status).toBe(400)
    }
    expect(await logIn(customer.email, customer.password)).not.toBeNull()
  })

  it('changes the password with the current one, keeps the session that changed it and ends the others', async () => {
    const customer = await createCustomer('wechsel')
    const otherDevice = (await logIn(customer.email, customer.password))!
    expect((await me(otherDevice))?.id).toBe(customer.id)
    const password = newPassword()
    const changed = await patchUser(customer.id, { password, current_password: customer.password }, customer)
    expect(changed.status).toBe(200)
    expect((await me(customer.token))?.id).toBe(customer.id)
    expect(await me(otherDevice)).toBeFalsy()
    expect(await logIn(customer.email, customer.password)).toBeNull()
    expect(await logIn(customer.email, password)).not.toBeNull()
  })

  it('changes the e-mail address with the current password and ends the other sessions', async () => {
    const customer = await createCustomer('umzug')
    const otherDevice = (await logIn(customer.email, customer.password))!
    const email = `umgezogen-${randomBytes(4).toString('hex')}@example.com`
    const changed = await patchUser(customer.id, { email, current_password: customer.password }, customer)
    expect(changed.status).toBe(200)
    expect((await storedUser(customer.id)).email).toBe(email)
    expect((await me(customer.token))?.id).toBe(customer.id)
    expect(await me(otherDevice)).toBeFalsy()
  })

  it('lets the seller set a customer’s password without knowing the old one (still under the rules), ending the customer’s sessions', async () => {
    const customer = await createCustomer('vergessen')
    const seller = await loginSeller()
    expect((await patchUser(customer.id, { password: '12345678' }, seller)).status).toBe(400)
    const password = newPassword()
    expect((await patchUser(customer.id, { password }, seller)).status).toBe(200)
    expect(await me(customer.token)).toBeFalsy()
    expect(await logIn(customer.email, password)).not.toBeNull()
  })
})

describe('no role escalation through any writable user field', () => {
  const future = new Date(Date.now() + 86_400_000).toISOString()
  const escalation = (other: TestCustomer) => ({
    role: 'admin',
    sessions: [{ id: 'attacker-session', createdAt: new Date().toISOString(), expiresAt: future }],
    loginAttempts: 0,
    lockUntil: null,
    hash: 'pbkdf2-sha256-v1:00',
    salt: '00',
    resetPasswordToken: 'attacker-token',
    resetPasswordExpiration: future,
    _verified: true,
    _verificationToken: 'attacker-verification',
    id: other.id,
    createdAt: '2000-01-01T00:00:00.000Z',
  })

  const expectUntouched = async (before: Record<string, any>) => {
    const after = await storedUser(before.id)
    expect(after.role).toBe('customer')
    expect(after.hash).toBe(before.hash)
    expect(after.salt).toBe(before.salt)
    expect(after.resetPasswordToken ?? null).toBe(before.resetPasswordToken ?? null)
    expect(after.resetPasswordExpiration ?? null).toBe(before.resetPasswordExpiration ?? null)
    expect((after.sessions ?? []).map((session: { id: string }) => session.id)).not.toContain('attacker-session')
    expect(after._verificationToken ?? null).toBe(before._verificationToken ?? null)
    expect(after.username).toBe(before.username)
    expect(after.email).toBe(before.email)
  }

  it('ignores or refuses every server-only field in a customer’s PATCH of their own account', async () => {
    const customer = await createCustomer('hoch')
    const other = await createCustomer('opfer')
    const before = await storedUser(customer.id)
    const otherBefore = await storedUser(other.id)
    const answer = await patchUser(customer.id, escalation(other), customer)
    expect([200, 400, 403]).toContain(answer.status)
    await expectUntouched(before)
    await expectUntouched(otherBefore)
    // Each field alone, too (one accepted field must not hide behind another's refusal).
    for (const [field, value] of Object.entries(escalation(other))) {
      const alone = await patchUser(customer.id, { [field]: value }, customer)
      expect([200, 400, 403]).toContain(alone.status)
      await expectUntouched(before)
    }
    await expectUntouched(otherBefore)
    // The customer's session still belongs to the customer alone, as a customer.
    expect((await me(customer.token))?.role).toBe('customer')
  }, 120_000)

  it('refuses taking over another account’s username or e-mail address', async () => {
    const customer = await createCustomer('dieb')
    const other = await createCustomer('besitz')
    const before = await storedUser(customer.id)
    expect((await patchUser(customer.id, { username: other.username.toUpperCase(), current_password: customer.password }, customer)).status).toBe(400)
    expect((await patchUser(customer.id, { email: other.email, current_password: customer.password }, customer)).status).toBe(400)
    await expectUntouched(before)
  })

  it('refuses a customer’s PATCH of another account', async () => {
    const customer = await createCustomer('fremd')
    const other = await createCustomer('ziel')
    const before = await storedUser(other.id)
    const answer = await patchUser(other.id, { role: 'admin', password: newPassword(), email: `x-${randomBytes(3).toString('hex')}@example.com` }, customer)
    expect([403, 404]).toContain(answer.status)
    await expectUntouched(before)
  })

  it('ignores every field but username, e-mail and password in a registration', async () => {
    const username = `reg-${randomBytes(4).toString('hex')}`
    const other = await createCustomer('nachbar')
    const answer = await getJson('/api/accounts/register/', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ ...escalation(other), username, email: `${username}@example.com`, password: newPassword() }),
      from: ownLoopbackAddress(),
    })
    expect(answer.status).toBe(201)
    const stored = await storedUser(answer.body.id)
    expect(stored.role).toBe('customer')
    expect(stored.salt).not.toBe('00')
    expect(stored.resetPasswordToken ?? null).toBeNull()
    expect(stored.sessions ?? []).toEqual([])
    expect(stored.createdAt).not.toBe('2000-01-01T00:00:00.000Z')
    expect(stored.id).not.toBe(other.id)
  })
})
