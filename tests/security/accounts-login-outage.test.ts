// @run-alone: it takes the users table away for a moment, and every request that reads a login meanwhile fails.
import { ownLoopbackAddress } from '../support/http'
import { closeTestPayload, testPayload } from '../support/payload'
import { cmsLogIn, createCustomer, storefrontLogIn } from '../support/users'

describe('login during a database outage', () => {
  afterAll(closeTestPayload)

  it('answers a database outage during login with 503, never as wrong credentials', async () => {
    const customer = await createCustomer('ausfall')
    const payload = await testPayload()
    const pool = (payload.db as unknown as { pool: { query: (sql: string) => Promise<unknown> } }).pool
    // The users table is gone for a moment: the server's lookup of the account fails.
    await pool.query('ALTER TABLE users RENAME TO users_unavailable')
    let storefront, admin
    try {
      storefront = await storefrontLogIn(customer.username, customer.password, ownLoopbackAddress())
      admin = await cmsLogIn(customer.email, customer.password, ownLoopbackAddress())
    } finally {
      await pool.query('ALTER TABLE users_unavailable RENAME TO users')
    }
    expect(storefront.status).toBe(503)
    expect(storefront.body).toEqual({ detail: 'The service is temporarily unavailable. Please try again in a few minutes.' })
    expect(admin.status).toBe(503)
    expect(JSON.stringify(admin.body)).toContain('temporarily unavailable')
    expect((await storefrontLogIn(customer.username, customer.password, ownLoopbackAddress())).status).toBe(200)
  })
})
