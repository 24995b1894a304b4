import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { createLocalReq, type Payload } from 'payload'
import { ACCOUNT_LOCK_SPACE } from '../../src/auth/account-lock'
import { hashConfirmationToken, newConfirmationToken } from '../../src/auth/email-confirmation'
import { passwordMatches } from '../../src/auth/password-check'
import { BASE_URL, getJson, ownLoopbackAddress } from '../support/http'
import { closeTestPayload, testPayload } from '../support/payload'
import { forgetRateLimitHits } from '../support/rate-limits'
import { bearer, createCustomer, loginSeller, type TestCustomer } from '../support/users'

/*
 * Issue 28, finding 1: Payload's login and token refresh read the whole account row and write it
 * back after the password check. A password reset, a password or e-mail change, the e-mail
 * confirmation or an anonymisation that landed in between was undone by that write-back: the old
 * password logged in again, an ended session came back. Every write to an account now takes the
 * account's lock before its row is read (src/auth/account-lock.ts).
 *
 * Two kinds of proof: (1) each write path waits while the test holds the account's lock (it would
 * run straight through without it), and (2) each credential change raced by logins and refreshes
 * with the old credentials leaves the old credentials refused.
 */

const json = { 'Content-Type': 'application/json', Origin: BASE_URL }
const post = (path: string, body: unknown, init: { token?: string; from?: string } = {}) =>
  getJson(path, {
    method: 'POST',
    headers: { ...json, ...(init.token ? { cookie: `payload-token=${init.token}` } : {}) },
    body: JSON.stringify(body),
    from: init.from ?? ownLoopbackAddress(),
  })
const patchUser = (id: number, data: unknown, token: string) =>
  getJson(`/api/cms/users/${id}`, { method: 'PATCH', headers: { ...json, ...bearer({ token }) }, body: JSON.stringify(data) })
const loggedInUser = async (token: string): Promise<number | null> =>
  (await getJson('/api/cms/users/me', { headers: { Authorization: `JWT ${token}` } })).body?.user?.id ?? null
const storedUser = async (id: number) => {
  const payload = await testPayload()
  return (await payload.db.findOne({ collection: 'users', where: { id: { equals: id } } })) as Record<string, any>
}
const newPassword = () => `Neu-${randomBytes(8).toString('hex')}`
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A reset token for the account, made as the shop's reset request makes it (Payload's forgotPassword, the hash stored). */
async function resetToken(payload: Payload, email: string): Promise<string> {
  const req = await createLocalReq({ context: { passwordResetRequest: true } }, payload)
  const token = await payload.forgotPassword({ collection: 'users', data: { email }, disableEmail: true, req })
  if (typeof token !== 'string') throw new Error('no reset token')
  return token
}

/** A confirmation link for the account's address, as the mail job stores it. */
async function confirmationToken(payload: Payload, customer: TestCustomer): Promise<string> {
  const { token, tokenHash, expiresAt } = newConfirmationToken()
  expect(tokenHash).toBe(hashConfirmationToken(token))
  await payload.create({
    collection: 'email-confirmation-links',
    data: { user: customer.id, email: customer.email, token_hash: tokenHash, expires_at: expiresAt },
  })
  return token
}

let lockHolder: pg.Client

beforeAll(async () => {
  lockHolder = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await lockHolder.connect()
})

afterAll(async () => {
  await lockHolder.end()
  await closeTestPayload()
})

/**
 * Holds the account's lock from another connection while `write` runs: the write must not finish
 * (nor change the row) until the lock is given back, and must finish afterwards.
 */
async function expectToWaitForTheAccountLock<T>(userId: number, write: () => Promise<T>, unchanged: () => Promise<boolean>): Promise<T> {
  await lockHolder.query('select pg_advisory_lock($1, $2)', [ACCOUNT_LOCK_SPACE, userId])
  let settled = false
  const running = write().finally(() => (settled = true))
  try {
    await pause(1500)
    expect(settled).toBe(false)
    expect(await unchanged()).toBe(true)
  } finally {
    await lockHolder.query('select pg_advisory_unlock($1, $2)', [ACCOUNT_LOCK_SPACE, userId])
  }
  return running
}

describe('every write to an account waits for the account’s lock before it reads the row', () => {
  it('the password reset (POST /api/accounts/password-reset/confirm/)', async () => {
    const payload = await testPayload()
    const customer = await createCustomer('sperre-reset')
    const token = await resetToken(payload, customer.email)
    const before = (await storedUser(customer.id)).hash
    const password = newPassword()
    const answer = await expectToWaitForTheAccountLock(
      customer.id,
      () => post('/api/accounts/password-reset/confirm/', { token, password }),
      async () => (await storedUser(customer.id)).hash === before,
    )
    expect(answer.status).toBe(200)
    expect(await passwordMatches(payload, customer.id, password)).toBe(true)
  })

  it('a new password or e-mail address through PATCH /api/cms/users/{id}', async () => {
    const customer = await createCustomer('sperre-patch')
    const email = `neu-${randomBytes(4).toString('hex')}@example.com`
    const answer = await expectToWaitForTheAccountLock(
      customer.id,
      () => patchUser(customer.id, { email, current_password: customer.password }, customer.token),
      async () => (await storedUser(customer.id)).email === customer.email,
    )
    expect(answer.status).toBe(200)
    expect((await storedUser(customer.id)).email).toBe(email)
  })

  it('the e-mail confirmation (POST /api/accounts/confirm-email/)', async () => {
    const payload = await testPayload()
    const customer = await createCustomer('sperre-bestaetigen')
    const token = await confirmationToken(payload, customer)
    const answer = await expectToWaitForTheAccountLock(
      customer.id,
      () => post('/api/accounts/confirm-email/', { token }),
      async () => !(await storedUser(customer.id)).email_confirmed_at,
    )
    expect(answer.status).toBe(200)
    expect((await storedUser(customer.id)).email_confirmed_at).toBeTruthy()
  })

  it('the seller’s anonymisation (POST /api/cms/users/{id}/anonymise)', async () => {
    const seller = await loginSeller()
    const customer = await createCustomer('sperre-anonym')
    const answer = await expectToWaitForTheAccountLock(
      customer.id,
      () => getJson(`/api/cms/users/${customer.id}/anonymise`, { method: 'POST', headers: { ...json, ...bearer(seller) } }),
      async () => (await storedUser(customer.id)).email === customer.email,
    )
    expect(answer.status).toBe(200)
    expect((await storedUser(customer.id)).anonymised_at).toBeTruthy()
  })

  it('a token refresh and a logout (they wait without holding a database connection, then go through)', async () => {
    const customer = await createCustomer('sperre-sitzung')
    const sessions = async () => ((await storedUser(customer.id)).sessions ?? []).length
    const count = await sessions()
    const refreshed = await expectToWaitForTheAccountLock(
      customer.id,
      () => post('/api/cms/users/refresh-token', {}, { token: customer.token }),
      async () => (await sessions()) === count,
    )
    expect(refreshed.status).toBe(200)
    const loggedOut = await expectToWaitForTheAccountLock(
      customer.id,
      () => post('/api/accounts/logout/', {}, { token: refreshed.body.refreshedToken }),
      async () => (await sessions()) === count,
    )
    expect(loggedOut.status).toBe(200)
    expect(await loggedInUser(refreshed.body.refreshedToken)).toBeNull()
  })
})

/**
 * Four loops of logins and four of token refreshes with the old credentials, as long as `change`
 * runs and a moment after it: what they got before the change must end with it, and nothing they
 * write may bring the old state back. Returns the tokens the loops were given.
 */
async function raceWithOldCredentials(customer: TestCustomer, change: () => Promise<void>): Promise<string[]> {
  const tokens: string[] = []
  let running = true
  const logins = Array.from({ length: 4 }, async () => {
    const from = ownLoopbackAddress()
    while (running) {
      // By the old address: after an e-mail change, the old address is among the old credentials.
      const answer = await post('/api/accounts/login/', { username: customer.email, password: customer.password }, { from })
      if (answer.status === 200) tokens.push(answer.body.access)
      else await pause(50)
    }
  })
  const refreshes = Array.from({ length: 4 }, async () => {
    let token = customer.token
    while (running) {
      const answer = await post('/api/cms/users/refresh-token', {}, { token })
      if (answer.status === 200) tokens.push((token = answer.body.refreshedToken))
      else await pause(50)
    }
  })
  try {
    await pause(600)
    await change()
    await pause(1200)
  } finally {
    // Also when the change fails: loops left running would keep the test file from ending.
    running = false
    await Promise.all([...logins, ...refreshes])
  }
  return tokens
}

/**
 * A session of its own for the change, logged in while the loops log in too: the account's brake
 * counts a running attempt as failed until it succeeds, so beside four loops an attempt may be
 * told to wait (429); it is sent again until it gets in.
 */
async function logInBeside(customer: TestCustomer): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const login = await post('/api/accounts/login/', { username: customer.username, password: customer.password })
    if (login.status === 200) return login.body.access as string
    expect(login.status).toBe(429)
    await pause(Number(login.headers.get('retry-after') ?? 1) * 1000)
  }
  throw new Error(`${customer.username} could not log in beside the loops`)
}

async function expectOldCredentialsRefused(customer: TestCustomer, tokens: string[]): Promise<void> {
  const payload = await testPayload()
  expect(await passwordMatches(payload, customer.id, customer.password)).toBe(false)
  await forgetRateLimitHits({ accounts: [customer.id] })
  const login = await post('/api/accounts/login/', { username: customer.username, password: customer.password })
  expect(login.status).toBe(401)
  const stillIn = (await Promise.all([customer.token, ...tokens].map(loggedInUser))).filter((id) => id !== null)
  expect(stillIn).toEqual([])
}

describe('a change of credentials raced by logins and refreshes with the old ones: the old ones are refused afterwards', () => {
  it('a password reset', async () => {
    const payload = await testPayload()
    const customer = await createCustomer('wettlauf-reset', { ownPassword: true })
    const password = newPassword()
    const tokens = await raceWithOldCredentials(customer, async () => {
      const token = await resetToken(payload, customer.email)
      const answer = await post('/api/accounts/password-reset/confirm/', { token, password })
      expect(answer.status).toBe(200)
    })
    await expectOldCredentialsRefused(customer, tokens)
    expect(await passwordMatches(payload, customer.id, password)).toBe(true)
  }, 60_000)

  it('a password change by the customer', async () => {
    const payload = await testPayload()
    const customer = await createCustomer('wettlauf-passwort', { ownPassword: true })
    const password = newPassword()
    const tokens = await raceWithOldCredentials(customer, async () => {
      // From a session of its own: that one stays, every other one ends.
      const session = await logInBeside(customer)
      const answer = await patchUser(customer.id, { password, current_password: customer.password }, session)
      expect(answer.status).toBe(200)
      expect(await loggedInUser(session)).toBe(customer.id)
    })
    await expectOldCredentialsRefused(customer, tokens)
    expect(await passwordMatches(payload, customer.id, password)).toBe(true)
  }, 60_000)

  it('an e-mail change: the old address stays changed and the other sessions end', async () => {
    const customer = await createCustomer('wettlauf-adresse', { ownPassword: true })
    const email = `neu-${randomBytes(4).toString('hex')}@example.com`
    let changedBy = ''
    const tokens = await raceWithOldCredentials(customer, async () => {
      changedBy = await logInBeside(customer)
      const answer = await patchUser(customer.id, { email, current_password: customer.password }, changedBy)
      expect(answer.status).toBe(200)
    })
    expect((await storedUser(customer.id)).email).toBe(email)
    await forgetRateLimitHits({ accounts: [customer.id] })
    expect((await post('/api/accounts/login/', { username: customer.email, password: customer.password })).status).toBe(401)
    const stillIn = (await Promise.all([customer.token, ...tokens].filter((token) => token !== changedBy).map(loggedInUser))).filter((id) => id !== null)
    expect(stillIn).toEqual([])
  }, 60_000)

  it('an anonymisation by the seller', async () => {
    const seller = await loginSeller()
    const customer = await createCustomer('wettlauf-anonym', { ownPassword: true })
    const tokens = await raceWithOldCredentials(customer, async () => {
      const answer = await getJson(`/api/cms/users/${customer.id}/anonymise`, { method: 'POST', headers: { ...json, ...bearer(seller) } })
      expect(answer.status).toBe(200)
    })
    const stored = await storedUser(customer.id)
    expect(stored.email).not.toBe(customer.email)
    expect(stored.anonymised_at).toBeTruthy()
    await expectOldCredentialsRefused(customer, tokens)
  }, 60_000)
})
