// @run-alone: it measures how fast other visitors are answered while Stripe is slow, and makes the shared Stripe stand-in slow for that time.
import { getJson, ownLoopbackAddress } from '../support/http'
import { CONSENTS } from '../support/orders'
import { closeTestPayload } from '../support/payload'
import { bearer, createCustomer, storefrontLogIn, type TestCustomer } from '../support/users'

/**
 * Issue 28, point 2: one customer's burst of payment calls while Stripe is slow must not stall the
 * shop for everybody else. Real server, real database, the shop's Stripe SDK against the loopback
 * Stripe stand-in of scripts/test.ts (STRIPE_API_BASE), made to answer 3 s late.
 */
const STAND_IN = process.env.STRIPE_API_BASE ?? ''
const STRIPE_DELAY_MS = 3000
const BURST = 40
/**
 * No other visitor's request may take longer than this during the burst, beyond what the same kind
 * of request took at worst just before it: the tests share a small machine with other work (a
 * load of 10 on two cores while this was written), and a login spends Payload's password hashing
 * (600,000 PBKDF2 rounds of CPU) besides. Before the fix the worst was 73 s, and requests failed.
 */
const OTHER_VISITOR_LIMIT_MS = 1000

type StandInSession = { id: string; status: string; form: Record<string, string> }
const sessionsOf = async (orderId: number): Promise<StandInSession[]> =>
  ((await (await fetch(`${STAND_IN}/__sessions`)).json()) as StandInSession[]).filter((session) => session.form['metadata[order_id]'] === String(orderId))
const slowStripe = (ms: number) => fetch(`${STAND_IN}/__delay?ms=${ms}`, { method: 'POST' })

afterAll(async () => {
  await slowStripe(0)
  await closeTestPayload()
})

let payer: TestCustomer
let other: TestCustomer
let orderId: number
beforeAll(async () => {
  payer = await createCustomer('burst-payer')
  other = await createCustomer('burst-other')
  const placed = await getJson('/api/orders/', {
    method: 'POST',
    headers: { ...bearer(payer), 'Content-Type': 'application/json' },
    body: JSON.stringify({ package: 'vocalbalance', theme: 'inner-peace', payment_method: 'credit_card', ...CONSENTS }),
  })
  expect(placed.status).toBe(201)
  orderId = placed.body.id
  // The other visitor has an order of their own, so their list is read from the database.
  const own = await getJson('/api/orders/', {
    method: 'POST',
    headers: { ...bearer(other), 'Content-Type': 'application/json' },
    body: JSON.stringify({ package: 'vocalbalance', theme: 'inner-peace', ...CONSENTS }),
  })
  expect(own.status).toBe(201)
})

type Sample = { what: string; status: number; ms: number }

/** One request of the other visitor, timed; one that does not answer within 30 s counts as 30 s. */
async function timed(what: string, send: (signal: AbortSignal) => Promise<{ status: number }>): Promise<Sample> {
  const started = performance.now()
  const status = await send(AbortSignal.timeout(30_000)).then(
    (answer) => answer.status,
    () => 0,
  )
  return { what, status, ms: Math.round(performance.now() - started) }
}

/** Another customer's list, the health check and (every `loginEvery`th round) a login, one after the other, until `until` resolves. */
async function otherVisitor(until: Promise<unknown>, { minRounds = 0 } = {}): Promise<Sample[]> {
  let done = false
  void until.finally(() => (done = true))
  const samples: Sample[] = []
  const from = ownLoopbackAddress()
  for (let round = 0; !done || round < minRounds; round++) {
    samples.push(await timed('GET /api/orders/my/', (signal) => getJson('/api/orders/my/', { headers: bearer(other), signal })))
    samples.push(await timed('GET /api/health/', (signal) => getJson('/api/health/', { signal })))
    if (round % 4 === 0) samples.push(await timed('POST /api/auth/ (login)', () => storefrontLogIn(other.username, other.password, from)))
  }
  return samples
}

function figures(samples: Sample[]) {
  const times = samples.map((sample) => sample.ms).sort((a, b) => a - b)
  return { requests: times.length, p50: times[Math.floor(times.length / 2)], worst: times[times.length - 1] }
}

describe('a burst of payment calls while Stripe is slow (real server and database, the shop SDK against the loopback Stripe stand-in at 3 s)', () => {
  it(`answers another customer's list, a login and the health check within 1 s while one customer sends ${BURST} payment calls at once`, async () => {
    await otherVisitor(Promise.resolve(), { minRounds: 1 }) // the routes' first call loads their code: not measured
    const before = await otherVisitor(Promise.resolve(), { minRounds: 12 })

    await slowStripe(STRIPE_DELAY_MS)
    const burstStarted = performance.now()
    const burst = Promise.all(
      Array.from({ length: BURST }, () =>
        getJson(`/api/orders/${orderId}/pay/`, { method: 'POST', headers: bearer(payer), signal: AbortSignal.timeout(150_000) }).catch(() => ({
          status: 0,
          headers: new Headers(),
          body: undefined,
        })),
      ),
    )
    // At least as long as Stripe takes for one call, so the burst is surely under way while measuring.
    const during = await otherVisitor(Promise.all([burst, new Promise((resolve) => setTimeout(resolve, STRIPE_DELAY_MS + 500))]))
    const answers = await burst
    const burstMs = Math.round(performance.now() - burstStarted)
    await slowStripe(0)

    const statuses = answers.reduce<Record<number, number>>((count, answer) => ({ ...count, [answer.status]: (count[answer.status] ?? 0) + 1 }), {})
    console.log(
      [
        `Slow-Stripe burst (${BURST} × POST /api/orders/{id}/pay/, Stripe stand-in at ${STRIPE_DELAY_MS} ms), another visitor's requests:`,
        `  before: ${JSON.stringify(figures(before))}`,
        `  during: ${JSON.stringify(figures(during))}`,
        `  slowest during: ${JSON.stringify([...during].sort((a, b) => b.ms - a.ms).slice(0, 3))}`,
        `  the burst's answers: ${JSON.stringify(statuses)}, all in ${burstMs} ms`,
      ].join('\n'),
    )

    // Every other visitor's request answered, and soon.
    expect([...before, ...during].filter((sample) => sample.status !== 200)).toEqual([])
    const slowestBefore = (what: string) => Math.max(...before.filter((sample) => sample.what === what).map((sample) => sample.ms))
    expect(during.filter((sample) => sample.ms > OTHER_VISITOR_LIMIT_MS + slowestBefore(sample.what))).toEqual([])

    // The payer got one payment page (every 200 the same) and otherwise a clear refusal, never a 5xx.
    const pages = answers.filter((answer) => answer.status === 200)
    expect(pages.length).toBeGreaterThanOrEqual(1)
    expect(new Set(pages.map((answer) => answer.body.url)).size).toBe(1)
    for (const refused of answers.filter((answer) => answer.status !== 200)) {
      expect([409, 429]).toContain(refused.status)
      expect(typeof refused.body.detail).toBe('string')
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    }
    // Stripe holds exactly one open Checkout Session for the order: the one the 200s offer.
    const open = (await sessionsOf(orderId)).filter((session) => session.status === 'open')
    expect(open).toHaveLength(1)
    expect(pages[0].body.url).toContain(open[0].id)
  }, 240_000)
})
