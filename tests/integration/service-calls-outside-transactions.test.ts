import { existsSync, readFileSync } from 'node:fs'
import type { TypedUser } from 'payload'
import { mailAdapter } from '@/mail/adapter'
import { stripeClient, stripeSettings } from '@/payments/stripe-client'
import { s3FileStore } from '@/storage/s3-store'
import { insideTransaction, ServiceCallInTransactionError, serviceCallViolations } from '@/site/outside-transactions'
import { withCustomerLocked } from '@/site/transaction'
import { getJson } from '../support/http'
import { waitForMail } from '../support/mail'
import { CONSENTS } from '../support/orders'
import { closeTestPayload, testPayload } from '../support/payload'
import { deliverStripeEvent, paidSession } from '../support/stripe-events'
import { bearer, createCustomer } from '../support/users'

/**
 * Issue 28, the write-path rule's second half: no call to Stripe, S3 or SMTP while a database
 * transaction is open (src/site/outside-transactions.ts). The clients check it themselves; the
 * tests' shop runs with SERVICE_CALL_GUARD=throw and writes every violation to
 * SERVICE_CALL_VIOLATIONS_FILE, which scripts/test.ts reads at the end of the run.
 */
afterAll(closeTestPayload)

/** Provokes a violation without writing it to the run's violations file (it is meant to happen here). */
async function provoked<T>(call: () => Promise<T>): Promise<unknown> {
  const file = process.env.SERVICE_CALL_VIOLATIONS_FILE
  const guard = process.env.SERVICE_CALL_GUARD
  delete process.env.SERVICE_CALL_VIOLATIONS_FILE
  process.env.SERVICE_CALL_GUARD = 'throw'
  try {
    await call()
    return null
  } catch (error) {
    return error
  } finally {
    if (file) process.env.SERVICE_CALL_VIOLATIONS_FILE = file
    if (guard === undefined) delete process.env.SERVICE_CALL_GUARD
    else process.env.SERVICE_CALL_GUARD = guard
  }
}

describe('the Stripe, S3 and SMTP clients refuse to be called inside a database transaction', () => {
  it("Stripe's SDK (against the loopback Stripe stand-in), inside a customer's locked transaction: refused before any request leaves", async () => {
    const payload = await testPayload()
    const customer = await createCustomer('guard')
    const user = { ...(await payload.findByID({ collection: 'users', id: customer.id, depth: 0 })), collection: 'users' } as TypedUser
    const stripe = stripeClient(stripeSettings()!)
    const before = serviceCallViolations()
    const error = await provoked(() => withCustomerLocked(payload, user, {}, {}, () => stripe.checkout.sessions.retrieve('cs_test_guard')))
    expect(error).toBeInstanceOf(Error)
    expect(serviceCallViolations()).toBeGreaterThan(before)
    // Outside the transaction the same call reaches the stand-in (which knows no such session: 404).
    await expect(stripe.checkout.sessions.retrieve('cs_test_guard')).rejects.toMatchObject({ statusCode: 404 })
  })

  it('the mail adapter (SMTP to the loopback catcher): refused inside, sent outside', async () => {
    const adapter = mailAdapter()({ payload: await testPayload() })
    const message = { to: 'guard@example.com', subject: `Guard ${Date.now()}`, text: 'outside any transaction' }
    expect(await provoked(() => insideTransaction('a test transaction', () => adapter.sendEmail(message)))).toBeInstanceOf(ServiceCallInTransactionError)
    await adapter.sendEmail(message)
    await waitForMail({ to: 'guard@example.com', subject: new RegExp(message.subject) })
  })

  it('the S3 file store: refused inside before anything is sent (no bucket needed)', async () => {
    const store = s3FileStore({
      bucket: 'guard',
      client: { endpoint: 'http://127.0.0.1:9', region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'a', secretAccessKey: 'b' } },
    })
    expect(await provoked(() => insideTransaction('a test transaction', () => store.exists('audio', 'guard.mp3')))).toBeInstanceOf(
      ServiceCallInTransactionError,
    )
  })
})

describe("the shop's paths to Stripe and SMTP call them outside transactions (real server, the loopback Stripe stand-in and SMTP catcher)", () => {
  it('paying, a second payment refunded by the webhook and the order mails leave no violation', async () => {
    const customer = await createCustomer('guard-pay')
    const placed = await getJson('/api/orders/', {
      method: 'POST',
      headers: { ...bearer(customer), 'Content-Type': 'application/json' },
      body: JSON.stringify({ package: 'vocalbalance', theme: 'inner-peace', payment_method: 'credit_card', ...CONSENTS }),
    })
    expect(placed.status).toBe(201)
    const cents = Math.round(placed.body.total * 100)
    const paying = await getJson(`/api/orders/${placed.body.id}/pay/`, { method: 'POST', headers: bearer(customer) })
    expect(paying.status).toBe(200)
    expect((await deliverStripeEvent(paidSession(placed.body.id, cents, { payment_intent: `pi_guard_${placed.body.id}` }))).body.outcome).toBe('paid')
    const second = await deliverStripeEvent(
      paidSession(placed.body.id, cents, { id: `cs_guard_${placed.body.id}`, payment_intent: `pi_guard2_${placed.body.id}` }),
    )
    expect(second.body.outcome).toMatch(/extra payment refunded/)
    await waitForMail({ to: customer.email })

    const file = process.env.SERVICE_CALL_VIOLATIONS_FILE
    expect(file).toBeTruthy()
    expect(existsSync(file!) ? readFileSync(file!, 'utf8') : '').toBe('')
  })
})
