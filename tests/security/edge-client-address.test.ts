import { randomBytes } from 'node:crypto'
import { LOGIN_FAILURE_LIMIT } from '../../src/auth/login-limit'
import { getJson, ownLoopbackAddress } from '../support/http'
import { closeTestPayload } from '../support/payload'
import { createCustomer } from '../support/users'

/** A different made-up address each call, as an attacker rotating its headers would send. */
const rotating = () => `198.51.100.${randomBytes(1)[0]}, 203.0.113.${randomBytes(1)[0]}`

const logIn = (username: string, password: string, from: string, headers: Record<string, string> = {}) =>
  getJson('/api/auth/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ username, password }),
    from,
  })

describe('rate limits key by the TCP peer, never by an address the client sends', () => {
  afterAll(closeTestPayload)

  it('counts failed logins with a rotating X-Forwarded-For (and a forged internal header) against one address', async () => {
    const customer = await createCustomer('rotor')
    const attacker = ownLoopbackAddress()
    for (let i = 0; i < LOGIN_FAILURE_LIMIT.perAddress; i++) {
      const spoofed = { 'X-Forwarded-For': rotating(), 'X-Shop-Client-Address': `192.0.2.${i}` }
      expect((await logIn(`nobody-${i}-${randomBytes(3).toString('hex')}`, 'wrong-password', attacker, spoofed)).status).toBe(401)
    }
    const refused = await logIn(customer.username, customer.password, attacker, { 'X-Forwarded-For': rotating() })
    expect(refused.status).toBe(429)
  })

  it('answers the contact form’s 6th message from one sender with 429 despite a rotating X-Forwarded-For', async () => {
    const sender = ownLoopbackAddress()
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      const response = await getJson('/api/contact/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': rotating() },
        body: JSON.stringify({ name: 'Rotor', email: 'rotor@example.com', message: `Nachricht ${i}` }),
        from: sender,
      })
      statuses.push(response.status)
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429])
  })

  it('does not lock out a victim whose address an attacker sends in X-Forwarded-For', async () => {
    const victim = await createCustomer('victim')
    const victimAddress = ownLoopbackAddress()
    const attacker = ownLoopbackAddress()
    for (let i = 0; i <= LOGIN_FAILURE_LIMIT.perAddress; i++) {
      await logIn(`nobody-${i}-${randomBytes(3).toString('hex')}`, 'wrong-password', attacker, { 'X-Forwarded-For': victimAddress })
    }
    expect((await logIn(victim.username, victim.password, victimAddress)).status).toBe(200)
    // …while the attacker's own address is what got limited.
    expect((await logIn(victim.username, victim.password, attacker)).status).toBe(429)
  })
})
