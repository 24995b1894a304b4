import { getJson, ownLoopbackAddress } from '../support/http'
import { customerWithHistory, fileExists, placeOrder } from '../support/customer-history'
import { closeTestPayload, testPayload } from '../support/payload'
import { bearer, createCustomer, JEST_SELLER, loginSeller, type TestCustomer } from '../support/users'
import { anonymousEmail } from '../../src/gdpr/anonymise'

/**
 * POST /api/accounts/delete/ {password}: a customer deletes their own account from /account
 * (src/gdpr/account-deletion.ts), by the anonymisation's rule. Against the running shop.
 */
const deleteAccount = (caller: { token: string } | null, body: unknown, headers: Record<string, string> = {}) =>
  getJson('/api/accounts/delete/', {
    method: 'POST',
    headers: { ...(caller ? bearer(caller) : {}), 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    from: ownLoopbackAddress(),
  })

const login = (customer: TestCustomer) =>
  getJson('/api/accounts/login/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: customer.username, password: customer.password }),
    from: ownLoopbackAddress(),
  })

afterAll(closeTestPayload)

describe("deleting one's own account", () => {
  it('needs a login (401)', async () => {
    const { status, body } = await deleteAccount(null, { password: 'whatever' })
    expect(status).toBe(401)
    expect(body.detail).toBeTruthy()
  })

  it('refuses a missing or wrong password with 400 and keeps the account', async () => {
    const customer = await createCustomer('loeschen-falsch')
    const missing = await deleteAccount(customer, {})
    expect(missing.status).toBe(400)
    expect(missing.body.code).toBe('password_required')
    const wrong = await deleteAccount(customer, { password: 'not-the-password' })
    expect(wrong.status).toBe(400)
    expect(wrong.body).toMatchObject({ code: 'wrong_password', detail: 'The password is not correct.' })
    expect((await deleteAccount(customer, 'not json')).status).toBe(400)
    expect((await login(customer)).status).toBe(200)
  })

  it('refuses while an order is open (paid) with 409 and a clear detail', async () => {
    const customer = await createCustomer('loeschen-offen')
    const open = await placeOrder(customer)
    await (await testPayload()).update({ collection: 'orders', id: open.id, data: { status: 'paid' } })
    const { status, body } = await deleteAccount(customer, { password: customer.password })
    expect(status).toBe(409)
    expect(body).toMatchObject({ code: 'orders_open' })
    expect(body.detail).toContain(`order no. ${open.id} is still open`)
    expect((await login(customer)).status).toBe(200)
  })

  it('refuses a body that is not JSON (415) and a foreign origin (403)', async () => {
    const customer = await createCustomer('loeschen-csrf')
    const asForm = await getJson('/api/accounts/delete/', {
      method: 'POST',
      headers: { ...bearer(customer), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `password=${customer.password}`,
    })
    expect(asForm.status).toBe(415)
    const foreign = await deleteAccount(customer, { password: customer.password }, { Origin: 'https://evil.example' })
    expect(foreign.status).toBe(403)
    expect((await login(customer)).status).toBe(200)
  })

  it('deletes the account: logged out, the login fails afterwards, invoice data kept', async () => {
    const history = await customerWithHistory('loeschen')
    const { customer } = history
    const { status, body, headers } = await deleteAccount(customer, { password: customer.password })
    expect(status).toBe(200)
    expect(body).toEqual({ detail: 'Your account is deleted.' })
    // The login cookie is emptied and already expired, as Payload's own logout does it.
    const cookie = headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/^payload-token=;/)
    expect(Date.parse(/Expires=([^;]+)/.exec(cookie)![1]!)).toBeLessThanOrEqual(Date.now())

    // The session has ended and the old credentials no longer work.
    expect((await getJson('/api/orders/my/', { headers: bearer(customer) })).status).toBe(401)
    expect((await getJson('/api/whoami/', { headers: bearer(customer) })).body).toEqual({ user: null })
    expect((await login(customer)).status).toBe(401)

    const payload = await testPayload()
    const user = await payload.findByID({ collection: 'users', id: customer.id, depth: 0 })
    expect(user.email).toBe(anonymousEmail(customer.id))
    const order = await payload.findByID({ collection: 'orders', id: history.order.id, depth: 0 })
    expect(order).toMatchObject({ billing_name: 'Erika Muster', personal_note: null, invoice: history.order.invoice })
    expect(fileExists(history.recordingFile)).toBe(false)
  })

  it("is not for the seller's account (403)", async () => {
    const seller = await loginSeller()
    const { status, body } = await deleteAccount(seller, { password: JEST_SELLER.password })
    expect(status).toBe(403)
    expect(body.code).toBe('not_a_customer')
  })
})
