import { randomBytes } from 'node:crypto'
import { LOGIN_FAILURE_LIMIT, pruneLoginFailures } from '../../src/auth/login-limit'
import { getJson, ownLoopbackAddress } from '../support/http'
import { closeTestPayload, testPayload } from '../support/payload'
import { createCustomer } from '../support/users'

/** A client address of its own per test: a loopback source address, the TCP peer the shop keys limits by. */
const freshAddress = ownLoopbackAddress

const logIn = (username: string, password: string, address: string) =>
  getJson('/api/auth/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    from: address,
    body: JSON.stringify({ username, password }),
  })

describe('per-address login limit', () => {
  afterAll(closeTestPayload)

  it('refuses every login from an address after 20 failures in 15 minutes, before checking the password; other addresses still log in', async () => {
    const customer = await createCustomer('eve')
    const attacker = freshAddress()
    // Unknown accounts, so that Payload's per-account lockout plays no part.
    for (let i = 0; i < LOGIN_FAILURE_LIMIT.perAddress; i++) {
      const failed = await logIn(`nobody-${i}-${randomBytes(3).toString('hex')}`, 'wrong-password', attacker)
      expect(failed.status).toBe(401)
    }
    const refused = await logIn(customer.username, customer.password, attacker)
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({ detail: 'Too many failed login attempts from your network. Please try again in 15 minutes.' })
    const viaOtherReading = await getJson('/api/accounts/login/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
    from: attacker,
      body: JSON.stringify({ username: customer.email, password: customer.password }),
    })
    expect(viaOtherReading.status).toBe(429)

    const elsewhere = await logIn(customer.username, customer.password, freshAddress())
    expect(elsewhere.status).toBe(200)
  })

  it('guards Payload’s own login (the admin panel’s /api/cms/users/login) with the same count', async () => {
    const customer = await createCustomer('mallory')
    const attacker = freshAddress()
    const cmsLogin = (email: string, password: string) =>
      getJson('/api/cms/users/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
    from: attacker,
        body: JSON.stringify({ email, password }),
      })
    for (let i = 0; i < LOGIN_FAILURE_LIMIT.perAddress; i++) {
      expect((await cmsLogin(`nobody-${i}-${randomBytes(3).toString('hex')}@example.com`, 'wrong-password')).status).toBe(401)
    }
    const refused = await cmsLogin(customer.email, customer.password)
    expect(refused.status).toBe(429)
    expect(JSON.stringify(refused.body)).toContain('Too many failed login attempts from your network.')
    // The storefront's login counts the same failures.
    expect((await logIn(customer.username, customer.password, attacker)).status).toBe(429)
  })

  it('stores a keyed fingerprint of the address, never the address itself', async () => {
    const address = freshAddress()
    await logIn(`nobody-${randomBytes(3).toString('hex')}`, 'wrong-password', address)
    const payload = await testPayload()
    const { docs } = await payload.find({ collection: 'login-failures', sort: '-createdAt', limit: 1 })
    expect(docs[0]!.address_fingerprint).toMatch(/^[0-9a-f]{32}$/)
    expect(JSON.stringify(docs[0])).not.toContain(address)
  })

  it('prunes failures older than the window and keeps recent ones', async () => {
    const payload = await testPayload()
    const old = await payload.create({
      collection: 'login-failures',
      data: { address_fingerprint: 'old', createdAt: new Date(Date.now() - (LOGIN_FAILURE_LIMIT.windowMinutes + 1) * 60_000).toISOString() },
    })
    const recent = await payload.create({ collection: 'login-failures', data: { address_fingerprint: 'recent' } })
    await pruneLoginFailures(payload)
    const remaining = await payload.find({ collection: 'login-failures', where: { id: { in: [old.id, recent.id] } } })
    expect(remaining.docs.map((doc) => doc.id)).toEqual([recent.id])
  })
})
