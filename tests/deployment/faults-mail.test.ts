import { randomUUID } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { MAIL_ATTEMPTS } from '../../src/mail/send-mail-task'
import { type CaughtMail, startSmtpCatcher } from '../support/smtp-catcher'
import { confirmationMails, createCustomers, logInSeller, placeOrder, type StoredMail } from './support/faults-orders'
import { startSeededShop } from './support/seeded-copy'
import { scratchFolder, type ShopProcess } from './support/shop'

const CUSTOMERS = 3
const ORDERS_PER_CUSTOMER = 2
/** The shop's mail queue settings for this test: a run every second, retries after 1, 2, 4 … seconds. */
const MAIL_QUEUE = { MAIL_RETRY_DELAY_SECONDS: '1', MAIL_QUEUE_POLL_SECONDS: '1' }
/** Bounds of the waits: the mails' first failed attempt, their delivery once SMTP is back, and how long a second copy is watched for. */
const FIRST_ATTEMPT_WITHIN_MS = 20_000
const DELIVERED_WITHIN_MS = 30_000
const WATCH_FOR_COPIES_MS = 6_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Polls `read` until `done` holds for what it read; what it read last (the assertion after it shows it) once `timeoutMs` passed. */
async function waitFor<T>(read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > deadline) return value
    await sleep(250)
  }
}

describe('mail server down (a real smtp-server stopped and started again on the same port)', () => {
  const scratch = scratchFolder('faults-mail')
  const mailDir = path.join(scratch.dir, 'caught')
  let catcher: Awaited<ReturnType<typeof startSmtpCatcher>>
  let seeded: Awaited<ReturnType<typeof startSeededShop>>
  let shop: ShopProcess
  let databaseUrl: string

  /** What the test's SMTP server has received so far. */
  const caught = (): CaughtMail[] =>
    existsSync(mailDir)
      ? readdirSync(mailDir)
          .filter((name) => name.endsWith('.json'))
          .map((name) => JSON.parse(readFileSync(path.join(mailDir, name), 'utf8')) as CaughtMail)
      : []

  beforeAll(async () => {
    catcher = await startSmtpCatcher(mailDir)
    seeded = await startSeededShop(scratch, { SMTP_URL: catcher.url, ...MAIL_QUEUE })
    ;({ shop, databaseUrl } = seeded)
  }, 180_000)

  afterAll(async () => {
    await seeded?.stop()
    await catcher?.close()
  })

  it('takes the orders, keeps their mails waiting while SMTP is down, and sends each exactly once when it is back', async () => {
    const customers = await createCustomers(shop.baseUrl, await logInSeller(shop.baseUrl), CUSTOMERS, 'mail-down')
    const port = Number(new URL(catcher.url).port)
    await catcher.close()

    const attempts = await Promise.all(
      customers.flatMap((customer) =>
        Array.from({ length: ORDERS_PER_CUSTOMER }, (_, index) =>
          placeOrder(
            shop.baseUrl,
            customer,
            { package: 'vocalbalance', theme: 'inner-peace', personal_note: `Während der Mailserver schweigt ${index + 1}`, spotify_option: false },
            `mail-${randomUUID()}`,
          ).then((attempt) => ({ customer, attempt })),
        ),
      ),
    )
    expect(attempts.map(({ attempt }) => attempt.answered && attempt.status)).toEqual(attempts.map(() => 201))
    const orders = attempts.map(({ customer, attempt }) => ({ to: customer.email, id: (attempt as { body: { id: number } }).body.id }))
    const orderIds = orders.map((order) => order.id)

    // Each mail has been tried against the closed port and is waiting for its next attempt: not sent, not given up.
    const triedAt = Date.now()
    const waiting = await waitFor(
      () => confirmationMails(databaseUrl, orderIds),
      (mails) => mails.length === orders.length && mails.every((mail) => mail.attempts >= 1),
      FIRST_ATTEMPT_WITHIN_MS,
    )
    const firstAttemptSeconds = (Date.now() - triedAt) / 1000
    expect(waiting.map((mail) => mail.order_id).sort()).toEqual([...orderIds].sort())
    for (const mail of waiting) {
      expect(mail).toMatchObject({ status: 'retrying', last_error: expect.stringMatching(/ECONNREFUSED/), message_id: null })
      expect(mail.attempts).toBeLessThan(MAIL_ATTEMPTS)
      expect(mail.job).toMatchObject({ completed: false, has_error: false })
    }
    expect(caught()).toEqual([])

    catcher = await startSmtpCatcher(mailDir, { port })
    const backAt = Date.now()
    const ofOrder = (mails: CaughtMail[], order: { to: string; id: number }) =>
      mails.filter((mail) => mail.to.includes(order.to) && mail.subject.endsWith(` ${order.id}`))
    const delivered = await waitFor(caught, (mails) => orders.every((order) => ofOrder(mails, order).length > 0), DELIVERED_WITHIN_MS)
    const deliveredSeconds = (Date.now() - backAt) / 1000
    for (const order of orders) expect({ order: order.id, arrived: ofOrder(delivered, order).length > 0 }).toEqual({ order: order.id, arrived: true })

    // A further while, long enough for any second copy (a retry of a mail already sent) to come.
    await sleep(WATCH_FOR_COPIES_MS)
    const all = caught()
    const perOrder = orders.map((order) => ({ order: order.id, copies: ofOrder(all, order).length }))
    expect(perOrder).toEqual(orders.map((order) => ({ order: order.id, copies: 1 })))
    const perRecipientAndSubject = new Set(all.map((mail) => `${mail.to.join(',')}\n${mail.subject}`))
    const messageIds = all.map((mail) => mail.messageId)
    expect(perRecipientAndSubject.size).toBe(all.length)
    expect(new Set(messageIds).size).toBe(all.length)

    // The shop's records agree: each sent once, under the Message-ID that arrived.
    const sent: StoredMail[] = await confirmationMails(databaseUrl, orderIds)
    for (const mail of sent) {
      const arrived = ofOrder(all, { to: mail.to, id: mail.order_id })[0]
      expect(mail).toMatchObject({ status: 'sent', message_id: arrived?.messageId, subject: arrived?.subject })
    }
    expect(all).toHaveLength(orders.length)

    const attemptsBeforeSent = sent.map((mail) => mail.attempts)
    console.log(
      `faults-mail: ${orders.length} orders placed while SMTP was down (all 201), ${waiting.length} mails waiting (status retrying, first attempt refused within ` +
        `${firstAttemptSeconds.toFixed(1)} s), all delivered ${deliveredSeconds.toFixed(1)} s after SMTP came back (attempts ${Math.min(...attemptsBeforeSent)}–` +
        `${Math.max(...attemptsBeforeSent)}), received ${all.length}, sent twice ${all.length - perRecipientAndSubject.size}`,
    )
  }, 120_000)
})
