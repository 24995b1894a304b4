import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { CONSENT_WORDING_VERSION } from '../../src/orders/consent'
import { customerLimits } from '../../src/orders/customer-limits'
import { priceOrder } from '../../src/rules/pricing'
import { startSmtpCatcher } from '../support/smtp-catcher'
import {
  confirmationMails,
  createCustomers,
  currentPrices,
  jobsMarkedProcessing,
  logInSeller,
  type OrderAttempt,
  type OrderChoices,
  placeOrder,
  type ShopCustomer,
  type StoredOrder,
  storedOrders,
} from './support/faults-orders'
import { startSeededShop } from './support/seeded-copy'
import { scratchFolder, type ShopProcess } from './support/shop'

/** The burst of checkouts (issue 20). */
const ORDERS = 50
/** The shop is killed once this many answers have arrived: well into the burst, with most orders still in flight. */
const KILL_AFTER_ANSWERS = 15
/** Spread over as many customers as the open-order limit needs: each may hold that many unpaid orders. */
const ORDERS_PER_CUSTOMER = customerLimits().openUnpaidOrders
const PACKAGES = ['soundtouch', 'vocalbalance', 'deepflow']
/**
 * The shop's settings for this test: its own mail server, the mail queue run every second, and
 * jobs the killed runner held given back after 5 s rather than 10 minutes (src/site/abandoned-jobs.ts).
 */
const QUEUE_SETTINGS = { MAIL_QUEUE_POLL_SECONDS: '1', MAIL_RETRY_DELAY_SECONDS: '1', JOB_ABANDONED_AFTER_SECONDS: '5' }
/** Every order's confirmation mail is sent within this, counted from the end of the retries. */
const MAILS_SENT_WITHIN_MS = 40_000

type PlannedOrder = { customer: ShopCustomer; choices: OrderChoices; key: string }

describe('kill -9 during a burst of checkouts', () => {
  const scratch = scratchFolder('faults-kill')
  let catcher: Awaited<ReturnType<typeof startSmtpCatcher>>
  let seeded: Awaited<ReturnType<typeof startSeededShop>>
  let shop: ShopProcess
  let databaseUrl: string
  let planned: PlannedOrder[]

  beforeAll(async () => {
    catcher = await startSmtpCatcher(path.join(scratch.dir, 'caught'))
    seeded = await startSeededShop(scratch, { SMTP_URL: catcher.url, ...QUEUE_SETTINGS })
    ;({ shop, databaseUrl } = seeded)
    const customers = await createCustomers(shop.baseUrl, await logInSeller(shop.baseUrl), Math.ceil(ORDERS / ORDERS_PER_CUSTOMER), 'burst')
    planned = Array.from({ length: ORDERS }, (_, index) => ({
      customer: customers[index % customers.length]!,
      choices: {
        package: PACKAGES[index % PACKAGES.length]!,
        theme: 'inner-peace',
        personal_note: `Bestellung ${index + 1} im Ansturm`,
        spotify_option: index % 2 === 0,
      },
      key: `burst-${randomUUID()}`,
    }))
  }, 180_000)

  afterAll(async () => {
    await seeded?.stop()
    await catcher?.close()
  })

  /** The complete order these choices make today: price snapshot from the catalog and settings, both consents, its confirmation mail. */
  async function expectedOrders() {
    const prices = await currentPrices(databaseUrl)
    return (order: PlannedOrder) => {
      const pkg = prices.packages.get(order.choices.package)!
      return {
        customer_id: order.customer.id,
        idempotency_key: order.key,
        status: 'pending_payment',
        ...order.choices,
        payment_method: 'prepayment',
        ...priceOrder({
          packagePrice: pkg.price,
          streamingSurcharge: prices.streamingSurcharge,
          withStreaming: order.choices.spotify_option,
          vatMode: prices.vatMode,
        }),
        package_name: pkg.name,
        revisions_included: pkg.revisions,
        consent_wording_version: CONSENT_WORDING_VERSION,
        terms_accepted_at: expect.any(Date),
        early_start_consent_at: expect.any(Date),
        locale: expect.stringMatching(/^(de|en)$/),
        confirmation_mails: 1,
        confirmation_mails_on_their_way: 1,
      }
    }
  }

  /** What a 201 said about the order, in the stored row's terms. */
  const answeredAs = (body: any) => ({
    id: body.id,
    status: body.status,
    package: body.package,
    package_price: body.package_price,
    streaming_surcharge: body.streaming_surcharge,
    total: body.total,
    vat_amount: body.vat_amount,
    created_at: body.created_at,
  })
  const storedAs = (row: StoredOrder) => ({ ...answeredAs(row), created_at: row.created_at.toISOString() })

  it('keeps every answered order exactly once and complete, and a retry with the same key gets exactly one order', async () => {
    let answers = 0
    let killing: Promise<void> | undefined
    const attempts: OrderAttempt[] = await Promise.all(
      planned.map(async ({ customer, choices, key }) => {
        const attempt = await placeOrder(shop.baseUrl, customer, choices, key)
        if (attempt.answered && ++answers >= KILL_AFTER_ANSWERS) killing ??= shop.kill('SIGKILL')
        return attempt
      }),
    )
    await killing
    const heldByKilledRunner = await jobsMarkedProcessing(databaseUrl)
    const answered = planned.flatMap((order, index) =>
      attempts[index]!.answered ? [{ order, attempt: attempts[index] as OrderAttempt & { answered: true } }] : [],
    )
    const unanswered = planned.filter((_, index) => !attempts[index]!.answered)
    // The kill came in the middle: some answers had arrived, others never will.
    expect(killing).toBeDefined()
    expect(unanswered.length).toBeGreaterThan(0)
    expect(answered.map(({ attempt }) => attempt.status)).toEqual(answered.map(() => 201))

    const restartStarted = Date.now()
    await shop.restart()
    const restartSeconds = (Date.now() - restartStarted) / 1000

    const complete = await expectedOrders()
    const customerIds = [...new Set(planned.map((order) => order.customer.id))]
    const afterRestart = await storedOrders(databaseUrl, customerIds)
    const byKey = (rows: StoredOrder[], key: string) => rows.filter((row) => row.idempotency_key === key)

    // Every order that got a 201 is there exactly once, as the answer described it, with its snapshot and consents.
    for (const { order, attempt } of answered) {
      const rows = byKey(afterRestart, order.key)
      expect({ key: order.key, found: rows.length }).toEqual({ key: order.key, found: 1 })
      expect(storedAs(rows[0]!)).toEqual(answeredAs(attempt.body))
    }
    // Nothing half-written, nothing twice, nothing that was not asked for: what the kill cut off left no trace at all.
    const plannedKeys = new Set(planned.map((order) => order.key))
    expect(afterRestart.filter((row) => !plannedKeys.has(row.idempotency_key ?? ''))).toEqual([])
    expect(new Set(afterRestart.map((row) => row.idempotency_key)).size).toBe(afterRestart.length)
    for (const row of afterRestart) expect(row).toMatchObject(complete(planned.find((order) => order.key === row.idempotency_key)!))

    // The clients that got no answer retry with their key: the order the server committed comes back, else it is placed now.
    const retries = await Promise.all(unanswered.map((order) => placeOrder(shop.baseUrl, order.customer, order.choices, order.key)))
    let replayed = 0
    for (const [index, order] of unanswered.entries()) {
      const retry = retries[index]!
      const committedBefore = byKey(afterRestart, order.key)[0]
      expect({ key: order.key, status: retry.answered && retry.status }).toEqual({ key: order.key, status: 201 })
      if (!retry.answered) continue
      expect({ key: order.key, replayed: retry.replayed }).toEqual({ key: order.key, replayed: committedBefore !== undefined })
      if (committedBefore) {
        replayed += 1
        expect(retry.body.id).toBe(committedBefore.id)
      }
    }

    const final = await storedOrders(databaseUrl, customerIds)
    expect(final.map((row) => row.idempotency_key).sort()).toEqual([...plannedKeys].sort())
    for (const row of final) expect(row).toMatchObject(complete(planned.find((order) => order.key === row.idempotency_key)!))
    const duplicates = final.length - new Set(final.map((row) => row.idempotency_key)).size
    expect(duplicates).toBe(0)

    // Nothing the crash interrupted is lost: the confirmation mails the killed runner held go out too.
    const mailsStarted = Date.now()
    const orderIds = final.map((row) => row.id)
    let mails = await confirmationMails(databaseUrl, orderIds)
    while (mails.some((mail) => mail.status !== 'sent') && Date.now() - mailsStarted < MAILS_SENT_WITHIN_MS) {
      await new Promise((resolve) => setTimeout(resolve, 500))
      mails = await confirmationMails(databaseUrl, orderIds)
    }
    const mailsSentSeconds = (Date.now() - mailsStarted) / 1000
    expect(mails.filter((mail) => mail.status !== 'sent')).toEqual([])
    expect(mails.map((mail) => mail.order_id).sort()).toEqual([...orderIds].sort())

    console.log(
      `faults-kill: placed ${ORDERS} as ${customerIds.length} customers, answered before kill ${answered.length}, no answer ${unanswered.length} ` +
        `(${replayed} committed unanswered, replayed on retry; ${unanswered.length - replayed} placed on retry), found after restart ${afterRestart.length}, ` +
        `after retries ${final.length}, duplicates ${duplicates}; restart ${restartSeconds.toFixed(1)} s; ` +
        `mail jobs the killed runner held ${heldByKilledRunner}, all ${mails.length} confirmations sent ${mailsSentSeconds.toFixed(1)} s after the retries`,
    )
  }, 120_000)
})
