import { randomBytes } from 'node:crypto'
import { REGISTRATION_LIMIT } from '../../src/auth/accounts'
import { getJson, ownLoopbackAddress } from '../support/http'
import { closeTestPayload } from '../support/payload'

/**
 * Registration answers say when a username or an e-mail address is taken (`username_taken`,
 * `email_taken`): the storefront shows them and the spec's registration relies on a clear answer.
 * Decided (issue 18, finding 9): the codes stay, but every answer that says "taken" counts
 * against the client address's registration allowance, so nobody can test addresses in bulk:
 * after REGISTRATION_LIMIT.perAddress attempts an hour an address gets 429, taken or not.
 */

const fresh = (prefix = 'aufzaehl') => {
  const username = `${prefix}-${randomBytes(4).toString('hex')}`
  return { username, email: `${username}@example.com`, password: `Leise-${randomBytes(6).toString('hex')}` }
}
const register = (account: unknown, from: string) =>
  getJson('/api/accounts/register/', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(account), from })

describe('account enumeration through the registration', () => {
  afterAll(closeTestPayload)

  it('still answers a taken username with username_taken and a taken e-mail with email_taken', async () => {
    const existing = fresh()
    expect((await register(existing, ownLoopbackAddress())).status).toBe(201)
    expect((await register({ ...fresh(), username: existing.username }, ownLoopbackAddress())).body).toMatchObject({ code: 'username_taken' })
    expect((await register({ ...fresh(), email: existing.email }, ownLoopbackAddress())).body).toMatchObject({ code: 'email_taken' })
  })

  it(`answers at most ${REGISTRATION_LIMIT.perAddress} registration attempts per address and hour, taken ones included; then 429`, async () => {
    const existing = fresh()
    expect((await register(existing, ownLoopbackAddress())).status).toBe(201)
    const prober = ownLoopbackAddress()
    const codes: string[] = []
    for (let i = 0; i < REGISTRATION_LIMIT.perAddress + 2; i++) {
      const guess = i % 2 ? { ...fresh(), email: existing.email } : { ...fresh(), username: existing.username }
      const answer = await register(guess, prober)
      codes.push(`${answer.status} ${answer.body?.code}`)
    }
    const expected = Array.from({ length: REGISTRATION_LIMIT.perAddress }, (_, i) => (i % 2 ? '400 email_taken' : '400 username_taken'))
    expect(codes).toEqual([...expected, '429 too_many_registrations', '429 too_many_registrations'])
    // The probe learnt nothing more: a fresh, free name from that address is refused alike.
    expect((await register(fresh(), prober)).status).toBe(429)
    // Other addresses keep their own allowance.
    expect((await register(fresh(), ownLoopbackAddress())).status).toBe(201)
  })
})
