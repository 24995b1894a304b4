import { randomBytes } from 'node:crypto'
import { ACCOUNT_DELAY, addressKey, LOGIN_FAILURE_LIMIT } from '../../src/auth/login-limit'
import { getJson, ownLoopbackAddress } from '../support/http'
import { closeTestPayload, testPayload } from '../support/payload'
import { forgetOwnRateLimitHits, forgetRateLimitHits } from '../support/rate-limits'
import { bearer, cmsLogIn, createCustomer, loginSeller, storefrontLogIn } from '../support/users'

const json = { 'Content-Type': 'application/json' }

const nobody = () => `nobody-${randomBytes(4).toString('hex')}`
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A second seller account, so that slowing it down leaves the seller of the other tests alone. */
async function createSeller() {
  const payload = await testPayload()
  const username = `verkauf-${randomBytes(4).toString('hex')}`
  const password = `Seller-${randomBytes(8).toString('hex')}`
  const user = await payload.create({ collection: 'users', data: { username, email: `${username}@example.com`, password, role: 'admin' } })
  return { id: user.id, username, email: `${username}@example.com`, password }
}

/** Ten recent failures of an account (a wait of 32 seconds), as many wrong passwords would leave them. */
async function slowDown(userId: number) {
  const payload = await testPayload()
  for (let i = 0; i < ACCOUNT_DELAY.freeFailures + 5; i++)
    await payload.create({ collection: 'rate-limit-hits', data: { limit_key: `login-account:${userId}` } })
}

describe('login limits: per address, and a growing delay per account instead of a lock', () => {
  afterAll(async () => {
    await forgetOwnRateLimitHits()
    await closeTestPayload()
  })

  it('lets exactly 20 of 40 parallel wrong logins from one address reach the password check; the rest get 429', async () => {
    const attacker = ownLoopbackAddress()
    const answers = await Promise.all(Array.from({ length: 40 }, () => storefrontLogIn(nobody(), 'wrong-password', attacker)))
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_FAILURE_LIMIT.perAddress)
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - LOGIN_FAILURE_LIMIT.perAddress)
    await forgetRateLimitHits({ addresses: [attacker] })
  })

  it('refuses every login from a blocked address before the password is checked, in both logins; other addresses still log in', async () => {
    const customer = await createCustomer('eve')
    const attacker = ownLoopbackAddress()
    for (let i = 0; i < LOGIN_FAILURE_LIMIT.perAddress; i++) expect((await cmsLogIn(`${nobody()}@example.com`, 'wrong', attacker)).status).toBe(401)
    const refused = await storefrontLogIn(customer.username, customer.password, attacker)
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({ detail: 'Too many failed login attempts from your network. Please try again in 15 minutes.' })
    const refusedInAdmin = await cmsLogIn(customer.email, customer.password, attacker)
    expect(refusedInAdmin.status).toBe(429)
    expect(JSON.stringify(refusedInAdmin.body)).toContain('Too many failed login attempts from your network.')
    expect((await storefrontLogIn(customer.username, customer.password, ownLoopbackAddress())).status).toBe(200)
    await forgetRateLimitHits({ addresses: [attacker] })
  })

  it('does not count a successful login as a failure of its address', async () => {
    const customer = await createCustomer('treu')
    const home = ownLoopbackAddress()
    // One failure short of the address's limit: had the first success counted, the second would be refused.
    const payload = await testPayload()
    for (let i = 0; i < LOGIN_FAILURE_LIMIT.perAddress - 1; i++)
      await payload.create({ collection: 'rate-limit-hits', data: { limit_key: addressKey(payload, home) } })
    for (let i = 0; i < 3; i++) expect((await storefrontLogIn(customer.username, customer.password, home)).status).toBe(200)
    expect((await storefrontLogIn(customer.username, 'wrong-password', home)).status).toBe(401)
    expect((await storefrontLogIn(customer.username, customer.password, home)).status).toBe(429)
    await forgetRateLimitHits({ addresses: [home], accounts: [customer.id] })
  })

  it('stores a keyed fingerprint of the address, never the address itself', async () => {
    const address = ownLoopbackAddress()
    await storefrontLogIn(nobody(), 'wrong-password', address)
    const payload = await testPayload()
    const { docs } = await payload.find({ collection: 'rate-limit-hits', sort: '-createdAt', limit: 5 })
    expect(docs.map((doc) => doc.limit_key)).toContainEqual(expect.stringMatching(/^login-address:[0-9a-f]{32}$/))
    expect(JSON.stringify(docs)).not.toContain(address)
  })

  it('slows an account down after 5 failures from anywhere (429 with Retry-After), and the right password works after the wait', async () => {
    const customer = await createCustomer('langsam')
    // Every failure from another address: the per-address limit plays no part.
    for (let i = 0; i < ACCOUNT_DELAY.freeFailures; i++) expect((await storefrontLogIn(customer.username, `wrong-${i}`, ownLoopbackAddress())).status).toBe(401)
    const waiting = await storefrontLogIn(customer.username, customer.password, ownLoopbackAddress())
    expect(waiting.status).toBe(429)
    expect(waiting.headers.get('retry-after')).toBe('1')
    expect(waiting.body.detail).toMatch(/Too many failed login attempts for this account\. Please wait 1 seconds/)
    await sleep(1100)
    expect((await storefrontLogIn(customer.email, 'wrong-again', ownLoopbackAddress())).status).toBe(401)
    const longer = await cmsLogIn(customer.email, customer.password, ownLoopbackAddress())
    expect(longer.status).toBe(429)
    expect(longer.headers.get('retry-after')).toBe('2')
    await sleep(2100)
    // No lock: after the wait the owner's right password logs in, and the delay starts over.
    expect((await storefrontLogIn(customer.username, customer.password, ownLoopbackAddress())).status).toBe(200)
    expect((await storefrontLogIn(customer.username, 'wrong-once-more', ownLoopbackAddress())).status).toBe(401)
    expect((await storefrontLogIn(customer.username, customer.password, ownLoopbackAddress())).status).toBe(200)
  })

  it('counts a parallel burst against one account one after the other: 5 reach the password check, more only as the delay runs out', async () => {
    const customer = await createCustomer('ansturm')
    const started = Date.now()
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => storefrontLogIn(customer.username, `wrong-${i}`, ownLoopbackAddress())))
    const burstSeconds = (Date.now() - started) / 1000
    const checked = answers.filter((answer) => answer.status === 401).length
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(20 - checked)
    expect(checked).toBeGreaterThanOrEqual(ACCOUNT_DELAY.freeFailures)
    // On a busy machine the burst's requests can arrive over seconds, and an attempt after the
    // delay has run out is allowed: the k-th beyond the free ones waits 2^(k-1) s after the one
    // before, so k of them need a burst of at least 2^k - 1 s. Counted at the same time (the race
    // this guards against), all 20 would pass within a few seconds.
    const beyondFree = checked - ACCOUNT_DELAY.freeFailures
    expect(burstSeconds).toBeGreaterThanOrEqual(2 ** beyondFree - 1)
    await forgetRateLimitHits({ accounts: [customer.id] })
  })

  it('lets only the seller unlock: a customer’s unlock of a seller account is refused and the delay stays; the seller’s unlock ends it', async () => {
    const seller = await createSeller()
    await slowDown(seller.id)
    expect((await cmsLogIn(seller.email, seller.password, ownLoopbackAddress())).status).toBe(429)

    const customer = await createCustomer('aufsperr')
    const unlock = (headers: Record<string, string>) =>
      getJson('/api/cms/users/unlock', { method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify({ email: seller.email }) })
    expect((await unlock(bearer(customer))).status).toBe(403)
    expect((await unlock({})).status).toBe(403)
    expect((await cmsLogIn(seller.email, seller.password, ownLoopbackAddress())).status).toBe(429)

    expect((await unlock(bearer(await loginSeller()))).status).toBe(200)
    expect((await cmsLogIn(seller.email, seller.password, ownLoopbackAddress())).status).toBe(200)
  })

  it('clears the delay when the server unlocks an account through the Local API (the reset command’s way)', async () => {
    const seller = await createSeller()
    await slowDown(seller.id)
    expect((await storefrontLogIn(seller.username, seller.password, ownLoopbackAddress())).status).toBe(429)
    const payload = await testPayload()
    await payload.unlock({ collection: 'users', data: { email: seller.email } as never, overrideAccess: true })
    expect((await storefrontLogIn(seller.username, seller.password, ownLoopbackAddress())).status).toBe(200)
  })
})
