import { BASE_URL, getJson, ownLoopbackAddress } from '../support/http'
import { closeTestPayload } from '../support/payload'
import { createCustomer, type TestCustomer } from '../support/users'

/*
 * Payload keeps an account's sessions in one list on the user and writes the whole list on every
 * login, logout and token refresh. These tests send such writes for one account at the same
 * moment: none may lose another's change (a phone logged in while the laptop logs in stays
 * logged in; a device that logged out stays logged out).
 */

const json = { 'Content-Type': 'application/json', Origin: BASE_URL }

async function logIn(customer: TestCustomer, way: 'payload' | 'shop'): Promise<string> {
  const from = ownLoopbackAddress()
  const response =
    way === 'payload'
      ? await getJson('/api/cms/users/login', {
          method: 'POST',
          from,
          headers: json,
          body: JSON.stringify({ email: customer.email, password: customer.password }),
        })
      : await getJson('/api/accounts/login/', {
          method: 'POST',
          from,
          headers: json,
          body: JSON.stringify({ username: customer.username, password: customer.password }),
        })
  expect(response.status).toBe(200)
  const token = way === 'payload' ? response.body.token : response.body.access
  expect(typeof token).toBe('string')
  return token as string
}

async function loggedInUser(token: string): Promise<number | null> {
  const me = await getJson('/api/cms/users/me', { headers: { cookie: `payload-token=${token}`, Origin: BASE_URL } })
  expect(me.status).toBe(200)
  return (me.body.user?.id as number | undefined) ?? null
}

describe('session writes of one account at the same moment (login, logout, refresh)', () => {
  afterAll(closeTestPayload)

  // Four: a fifth parallel attempt would meet the account's login brake (src/auth/login-limit.ts counts an attempt as failed until it succeeds).
  it('four logins at once through both login routes: every one of them stays logged in', async () => {
    const customer = await createCustomer('sitzungen')
    const tokens = await Promise.all(Array.from({ length: 4 }, (_, index) => logIn(customer, index % 2 === 0 ? 'payload' : 'shop')))
    const users = await Promise.all(tokens.map(loggedInUser))
    expect(users).toEqual(tokens.map(() => customer.id))
  })

  it('twelve accounts logging in at once, more than the database pool has connections (ten): all get in', async () => {
    const customers = await Promise.all(Array.from({ length: 12 }, (_, index) => createCustomer(`ansturm-${index}`)))
    const tokens = await Promise.all(customers.map((customer, index) => logIn(customer, index % 2 === 0 ? 'payload' : 'shop')))
    expect(await Promise.all(tokens.map(loggedInUser))).toEqual(customers.map((customer) => customer.id))
  }, 60_000)

  it('a logout and two logins at once: the new devices stay logged in, the one that logged out is out', async () => {
    const customer = await createCustomer('abmelden')
    const leaving = await logIn(customer, 'payload')
    const [logout, ...tokens] = await Promise.all([
      getJson('/api/accounts/logout/', { method: 'POST', headers: { cookie: `payload-token=${leaving}`, Origin: BASE_URL } }),
      logIn(customer, 'shop'),
      logIn(customer, 'payload'),
    ])
    expect(logout.status).toBe(200)
    expect(await loggedInUser(leaving)).toBeNull()
    expect(await Promise.all(tokens.map(loggedInUser))).toEqual([customer.id, customer.id])
    // The login of createCustomer() is untouched by all of it.
    expect(await loggedInUser(customer.token)).toBe(customer.id)
  })

  it('token refreshes beside logins keep every session', async () => {
    const customer = await createCustomer('erneuern')
    const refresh = () => getJson('/api/cms/users/refresh-token', { method: 'POST', headers: { cookie: `payload-token=${customer.token}`, Origin: BASE_URL } })
    const [first, second, ...tokens] = await Promise.all([refresh(), refresh(), logIn(customer, 'payload'), logIn(customer, 'shop')])
    expect([first.status, second.status]).toEqual([200, 200])
    expect(await loggedInUser(customer.token)).toBe(customer.id)
    expect(await Promise.all(tokens.map(loggedInUser))).toEqual([customer.id, customer.id])
  })
})
