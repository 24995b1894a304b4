import { BASE_URL, getJson } from '../support/http'
import { closeTestPayload } from '../support/payload'
import { createCustomer } from '../support/users'

describe('POST /api/accounts/logout/', () => {
  afterAll(closeTestPayload)

  it('ends the session on the server and expires the login cookie', async () => {
    const customer = await createCustomer('logout')
    const cookie = `payload-token=${customer.token}`
    const before = await getJson('/api/cms/users/me', { headers: { cookie, Origin: BASE_URL } })
    expect(before.body.user?.id).toBe(customer.id)

    const logout = await getJson('/api/accounts/logout/', { method: 'POST', headers: { cookie, Origin: BASE_URL } })
    expect(logout.status).toBe(200)
    expect(logout.headers.get('set-cookie')).toMatch(/payload-token=;.*Expires=/i)

    const after = await getJson('/api/cms/users/me', { headers: { cookie, Origin: BASE_URL } })
    expect(after.body.user).toBeNull()
  })

  it('answers 400 with a detail when nobody is logged in', async () => {
    const { status, body } = await getJson('/api/accounts/logout', { method: 'POST' })
    expect(status).toBe(400)
    expect(body.detail).toMatch(/not logged in/)
  })
})
