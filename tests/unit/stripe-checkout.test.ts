import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { createCheckoutSession, SHOP_MARKER } from '@/payments/stripe-checkout'
import { stripeClient, stripeSettings } from '@/payments/stripe-client'

type Recorded = { method: string; path: string; authorization: string; form: URLSearchParams }

/**
 * A loopback stand-in for Stripe's API (Stripe cannot be reached from here): it records what the
 * official SDK sends and answers like Stripe with a session.
 */
async function stripeStandIn(): Promise<{ base: string; requests: Recorded[]; close: () => Promise<void> }> {
  const requests: Recorded[] = []
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      requests.push({ method: req.method!, path: req.url!, authorization: String(req.headers.authorization), form: new URLSearchParams(body) })
      res.writeHead(200, { 'Content-Type': 'application/json', 'Request-Id': 'req_standin' })
      res.end(JSON.stringify({ id: 'cs_test_standin', object: 'checkout.session', url: 'https://checkout.stripe.com/c/pay/cs_test_standin' }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { base: `http://127.0.0.1:${port}`, requests, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

describe('Stripe Checkout Session (official SDK against a loopback stand-in)', () => {
  it('is unavailable without both keys', () => {
    expect(stripeSettings({})).toBeNull()
    expect(stripeSettings({ STRIPE_SECRET_KEY: 'sk_test_x' })).toBeNull()
    expect(stripeSettings({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toMatchObject({ secretKey: 'sk_test_x' })
  })

  it('asks for the stored amount in cents and EUR, the chosen method, and carries the order id', async () => {
    const standIn = await stripeStandIn()
    try {
      const settings = stripeSettings({ STRIPE_SECRET_KEY: 'sk_test_standin', STRIPE_WEBHOOK_SECRET: 'whsec_standin', STRIPE_API_BASE: standIn.base })!
      const session = await createCheckoutSession(stripeClient(settings), {
        sale: { kind: 'order', id: 42 },
        description: 'Wunschsong DeepFlow (Bestellung 42)',
        amountCents: 15395,
        method: 'paypal',
        customerEmail: 'kundin@example.com',
        locale: 'de',
        successUrl: 'http://localhost:3000/account/orders/42?paid=1',
        cancelUrl: 'http://localhost:3000/account/orders/42',
      })
      expect(session).toEqual({ id: 'cs_test_standin', url: 'https://checkout.stripe.com/c/pay/cs_test_standin' })
      expect(standIn.requests).toHaveLength(1)
      const [request] = standIn.requests
      expect(request!.method).toBe('POST')
      expect(request!.path).toBe('/v1/checkout/sessions')
      expect(request!.authorization).toBe('Bearer sk_test_standin')
      const form = request!.form
      expect(form.get('mode')).toBe('payment')
      expect(form.get('excluded_payment_method_types[0]')).toBe('card')
      expect(form.get('line_items[0][price_data][unit_amount]')).toBe('15395')
      expect(form.get('line_items[0][price_data][currency]')).toBe('eur')
      expect(form.get('metadata[order_id]')).toBe('42')
      expect(form.get('payment_intent_data[metadata][order_id]')).toBe('42')
      expect(form.get('metadata[shop]')).toBe(SHOP_MARKER)
      expect(form.get('payment_intent_data[metadata][shop]')).toBe(SHOP_MARKER)
      expect(form.get('client_reference_id')).toBe('42')
      expect(form.get('locale')).toBe('de')
    } finally {
      await standIn.close()
    }
  })

  it('refuses an amount that is not a positive number of cents before calling Stripe', async () => {
    const settings = stripeSettings({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_BASE: 'http://127.0.0.1:9' })!
    const request = {
      sale: { kind: 'purchase' as const, id: 1 },
      description: 'x',
      method: 'credit_card' as const,
      customerEmail: 'a@b.de',
      locale: 'en' as const,
      successUrl: 'http://x/',
      cancelUrl: 'http://x/',
    }
    await expect(createCheckoutSession(stripeClient(settings), { ...request, amountCents: 39.5 })).rejects.toThrow(/cents/)
    await expect(createCheckoutSession(stripeClient(settings), { ...request, amountCents: 0 })).rejects.toThrow(/cents/)
  })
})
