import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A loopback stand-in for Stripe's API, since Stripe cannot be reached from here: the shop's
 * official SDK creates, reads and expires Checkout Sessions and creates refunds against it
 * (STRIPE_API_BASE), and it serves a plain page in place of Stripe's hosted payment page.
 * For tests: GET /__sessions and /__refunds list what the SDK sent; POST /__sessions/{id}/complete
 * marks a session paid (as a customer finishing Stripe's page would), POST /__sessions/{id}/ending
 * lets it end in a minute. A refund of a payment whose
 * id contains "refund_fails" is refused, as Stripe refuses one it cannot make.
 * POST /__delay?ms=N makes every API call (/v1/…) answer N milliseconds late, as a slow Stripe does
 * (0 again: at once); STRIPE_STAND_IN_DELAY_MS sets it at the start.
 */
export type StandInSession = { id: string; url: string; form: Record<string, string>; status: 'open' | 'complete' | 'expired'; expires_at: number }
export type StandInRefund = { id: string; form: Record<string, string>; idempotencyKey: string | null }

const sessionObject = (session: StandInSession) => ({
  id: session.id,
  object: 'checkout.session',
  url: session.status === 'open' ? session.url : null,
  status: session.status,
  payment_status: session.status === 'complete' ? 'paid' : 'unpaid',
  expires_at: session.expires_at,
  amount_total: Number(session.form['line_items[0][price_data][unit_amount]']),
  currency: session.form['line_items[0][price_data][currency]'],
  metadata: {
    // An order's session names the order, a purchase's the purchase (src/payments/stripe-checkout.ts).
    ...(session.form['metadata[purchase_id]'] ? { purchase_id: session.form['metadata[purchase_id]'] } : { order_id: session.form['metadata[order_id]'] }),
    shop: session.form['metadata[shop]'],
  },
  client_reference_id: session.form.client_reference_id,
})

export async function startStripeStandIn(): Promise<{ base: string; close: () => Promise<void> }> {
  const sessions: StandInSession[] = []
  const refunds: StandInRefund[] = []
  let delayMs = Number(process.env.STRIPE_STAND_IN_DELAY_MS) || 0
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      const delay = /^\/__delay\?ms=(\d+)$/.exec(req.url ?? '')
      if (req.method === 'POST' && delay) {
        delayMs = Number(delay[1])
        res.writeHead(200, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify({ delayMs }))
        return
      }
      // Only Stripe's API is slow; the tests' own calls (/__…) and the payment page answer at once.
      if (delayMs > 0 && req.url?.startsWith('/v1/')) setTimeout(answer, delayMs)
      else answer()
    })
    const answer = () => {
      const base = `http://${req.headers.host}`
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_standin_${Date.now()}` })
        res.end(JSON.stringify(value))
      }
      const url = req.url ?? ''
      const sessionMatch = /^\/(?:v1\/checkout\/sessions|__sessions)\/([\w-]+)(\/expire|\/complete|\/ending)?$/.exec(url)
      const session = sessionMatch ? sessions.find((candidate) => candidate.id === sessionMatch[1]) : undefined
      if (req.method === 'POST' && url === '/v1/checkout/sessions') {
        const id = `cs_test_standin_${sessions.length + 1}`
        const form = Object.fromEntries(new URLSearchParams(body))
        const created: StandInSession = {
          id,
          url: `${base}/pay/${id}`,
          form,
          status: 'open',
          expires_at: Number(form.expires_at) || Math.floor(Date.now() / 1000) + 1800,
        }
        sessions.push(created)
        return json(200, sessionObject(created))
      }
      if (sessionMatch && !session) return json(404, { error: { type: 'invalid_request_error', message: `No such checkout.session: ${sessionMatch[1]}` } })
      if (session && req.method === 'GET' && !sessionMatch![2]) return json(200, sessionObject(session))
      if (session && req.method === 'POST' && sessionMatch![2] === '/expire') {
        if (session.status !== 'open')
          return json(400, { error: { type: 'invalid_request_error', message: `Only open sessions can be expired; this one is ${session.status}.` } })
        session.status = 'expired'
        return json(200, sessionObject(session))
      }
      if (session && req.method === 'POST' && sessionMatch![2] === '/complete') {
        session.status = 'complete'
        return json(200, sessionObject(session))
      }
      if (session && req.method === 'POST' && sessionMatch![2] === '/ending') {
        session.expires_at = Math.floor(Date.now() / 1000) + 60
        return json(200, sessionObject(session))
      }
      if (req.method === 'POST' && url === '/v1/refunds') {
        const form = Object.fromEntries(new URLSearchParams(body))
        if (form.payment_intent?.includes('refund_fails'))
          return json(400, { error: { type: 'invalid_request_error', message: 'This charge cannot be refunded (stand-in).' } })
        const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null
        const earlier = idempotencyKey ? refunds.find((refund) => refund.idempotencyKey === idempotencyKey) : undefined
        const refund = earlier ?? { id: `re_test_standin_${refunds.length + 1}`, form, idempotencyKey }
        if (!earlier) refunds.push(refund)
        return json(200, { id: refund.id, object: 'refund', status: 'succeeded', payment_intent: refund.form.payment_intent })
      }
      if (req.method === 'GET' && url.startsWith('/pay/')) {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
        res.end('<!doctype html><title>Stripe stand-in</title><h1>Stripe test payment page (loopback stand-in)</h1>')
        return
      }
      if (req.method === 'GET' && url === '/__sessions') return json(200, sessions)
      if (req.method === 'GET' && url === '/__refunds') return json(200, refunds)
      json(404, { error: { message: `The stand-in does not know ${req.method} ${url}` } })
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { base: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) }
}
