import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A loopback stand-in for Stripe's API, since Stripe cannot be reached from here: the shop's
 * official SDK creates Checkout Sessions against it (STRIPE_API_BASE), and it serves a plain page
 * in place of Stripe's hosted payment page. GET /__sessions lists what the SDK sent, for tests.
 */
export type StandInSession = { id: string; url: string; form: Record<string, string> }

export async function startStripeStandIn(): Promise<{ base: string; close: () => Promise<void> }> {
  const sessions: StandInSession[] = []
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      const base = `http://${req.headers.host}`
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        const id = `cs_test_standin_${sessions.length + 1}`
        const session = { id, url: `${base}/pay/${id}`, form: Object.fromEntries(new URLSearchParams(body)) }
        sessions.push(session)
        res.writeHead(200, { 'Content-Type': 'application/json', 'Request-Id': `req_${id}` })
        res.end(JSON.stringify({ id, object: 'checkout.session', url: session.url, payment_status: 'unpaid' }))
        return
      }
      if (req.method === 'GET' && req.url?.startsWith('/pay/')) {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
        res.end('<!doctype html><title>Stripe stand-in</title><h1>Stripe test payment page (loopback stand-in)</h1>')
        return
      }
      if (req.method === 'GET' && req.url === '/__sessions') {
        res.writeHead(200, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify(sessions))
        return
      }
      res.writeHead(404, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify({ error: { message: `The stand-in does not know ${req.method} ${req.url}` } }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { base: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) }
}
