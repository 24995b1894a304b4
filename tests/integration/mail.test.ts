// @run-alone: it takes the test SMTP server down for a while.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { simpleParser } from 'mailparser'
import type { Payload } from 'payload'
import { getJson, ownLoopbackAddress } from '../support/http'
import { mailsMatching, waitOutTheMailQueue, setSmtpServerDown, waitForMail } from '../support/mail'
import { closeTestPayload, testPayload } from '../support/payload'
import { bearer, createCustomer, loginSeller, type TestCustomer } from '../support/users'
import { formatPrice } from '@/i18n/format-price'
import { legalTextFor } from '@/legal/legal-text'
import { mailAdapter } from '@/mail/adapter'
import { CONSENT_WORDING_VERSION, consentTexts } from '@/orders/consent'

/**
 * Mails through Payload's nodemailer adapter and the jobs queue, received by a real SMTP server
 * on loopback (tests/support/smtp-catcher.ts), sent by the running shop.
 */
let payload: Payload
let seller: { token: string }

beforeAll(async () => {
  payload = await testPayload()
  seller = await loginSeller()
})
afterAll(async () => {
  setSmtpServerDown(false)
  await closeTestPayload()
})

const placeOrder = (customer: TestCustomer, choices: Record<string, unknown> = {}, language = 'de') =>
  getJson('/api/orders/', {
    method: 'POST',
    headers: { ...bearer(customer), 'Content-Type': 'application/json', 'Accept-Language': language },
    body: JSON.stringify({
      package: 'deepflow',
      use_type: 'meditation',
      theme: 'inner-peace',
      personal_note: 'Für ruhige Abende',
      payment_method: 'prepayment',
      terms_accepted: true,
      early_start_consent: true,
      ...choices,
    }),
  })

const sellerSets = (orderId: number, status: string) =>
  getJson(`/api/cms/orders/${orderId}`, {
    method: 'PATCH',
    headers: { Authorization: `JWT ${seller.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ status }),
  })

const recordedMails = (to: string) => payload.find({ collection: 'mails', where: { to: { equals: to } }, sort: 'createdAt', depth: 0 })

describe('mails to customers', () => {
  it('confirms an order with its details, price, bank details and GiroCode, then the payment with the invoice, then the delivery', async () => {
    const customer = await createCustomer('post')
    const placed = await placeOrder(customer)
    expect(placed.status).toBe(201)
    const orderId: number = placed.body.id

    const confirmation = await waitForMail({ to: customer.email, subject: /Bestellbestätigung/ })
    expect(confirmation.subject).toContain(`Nr. ${orderId}`)
    expect(confirmation.from).toBe('shop@example.com')
    for (const expected of [
      'Bestellnummer',
      String(orderId),
      'DeepFlow',
      'Innere Ruhe',
      'Für ruhige Abende',
      'Vorkasse',
      formatPrice(129, 'de'),
      'inkl. 19 % MwSt.',
      'IBAN',
      `Bestellung ${orderId}`,
    ]) {
      expect(confirmation.text).toContain(expected)
    }
    // Shown inline (mailparser turns the cid: reference into a data: URL).
    expect(confirmation.html).toMatch(/<img src="data:image\/png;base64,[^"]+" alt="GiroCode: Bestellung \d+"/)
    expect(confirmation.attachments).toEqual(
      expect.arrayContaining([expect.objectContaining({ filename: 'girocode.png', contentType: 'image/png', cid: 'girocode' })]),
    )
    expect(confirmation.text).toContain(`${process.env.BASE_URL}/account/orders/${orderId}`)
    // The consents word for word with their time, then the terms and the withdrawal instructions with the model form.
    const wording = consentTexts(CONSENT_WORDING_VERSION, 'de')
    expect(confirmation.text).toContain(`„${wording.terms}“`)
    expect(confirmation.text).toContain(`„${wording.earlyStart}“`)
    expect(confirmation.text.match(/Zugestimmt am \d{1,2}\. \w+ \d{4}/g)).toHaveLength(2)
    const [terms, withdrawal] = await Promise.all([legalTextFor(payload, 'terms', 'de'), legalTextFor(payload, 'withdrawal', 'de')])
    expect(confirmation.text).toContain(terms.title)
    expect(confirmation.text).toContain(withdrawal.title)
    expect(confirmation.text).toContain('Muster-Widerrufsformular')
    const settings = await payload.findGlobal({ slug: 'settings' })
    expect(confirmation.text).toContain(settings.trader_name)

    expect((await sellerSets(orderId, 'paid')).status).toBe(200)
    const paid = await waitForMail({ to: customer.email, subject: /Zahlung erhalten/ })
    const invoicePdf = paid.attachments.find((file) => file.contentType === 'application/pdf')
    expect(invoicePdf?.filename).toMatch(/^\d{4}-\d{4}\.pdf$/)
    expect(invoicePdf!.size).toBeGreaterThan(1000)

    expect((await sellerSets(orderId, 'delivered')).status).toBe(200)
    const delivered = await waitForMail({ to: customer.email, subject: /Dein Song ist fertig/ })
    expect(delivered.text).toContain(`${process.env.BASE_URL}/account/orders/${orderId}`)

    // Each exactly once, and recorded for the seller as sent.
    await waitOutTheMailQueue()
    expect(mailsMatching({ to: customer.email })).toHaveLength(3)
    const recorded = await recordedMails(customer.email)
    expect(recorded.docs.map((mail) => [mail.template, mail.status])).toEqual([
      ['order-confirmation', 'sent'],
      ['payment-received', 'sent'],
      ['song-delivered', 'sent'],
    ])
  }, 90_000)

  it('writes in the language the customer ordered in', async () => {
    const customer = await createCustomer('english')
    const placed = await placeOrder(customer, {}, 'en-GB,en;q=0.9')
    expect(placed.status).toBe(201)
    const mail = await waitForMail({ to: customer.email })
    expect(mail.subject).toBe(`Order confirmation – your order no. ${placed.body.id}`)
    expect(mail.text).toContain('Prepayment')
    expect(mail.text).toContain(formatPrice(129, 'en'))
    expect(mail.text).toContain(`“${consentTexts(CONSENT_WORDING_VERSION, 'en').earlyStart}”`)
    expect(mail.text).toContain((await legalTextFor(payload, 'withdrawal', 'en')).title)
  }, 60_000)

  it('takes the order while the mail server is down and sends the confirmation once it is back', async () => {
    const customer = await createCustomer('ausfall')
    setSmtpServerDown(true)
    try {
      const placed = await placeOrder(customer)
      expect(placed.status).toBe(201)
      // The job tried and failed; the seller sees it waiting for the next attempt.
      let recorded = await recordedMails(customer.email)
      for (let i = 0; i < 60 && recorded.docs[0]?.status !== 'retrying'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 250))
        recorded = await recordedMails(customer.email)
      }
      expect(recorded.docs[0]).toMatchObject({ template: 'order-confirmation', status: 'retrying' })
      expect(recorded.docs[0]!.last_error).toBeTruthy()
      expect(mailsMatching({ to: customer.email })).toHaveLength(0)
    } finally {
      setSmtpServerDown(false)
    }
    await waitForMail({ to: customer.email, subject: /Bestellbestätigung/ }, 60_000)
    // The job notes the success right after the server accepted the mail.
    let sent = await recordedMails(customer.email)
    for (let i = 0; i < 40 && sent.docs[0]?.status !== 'sent'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      sent = await recordedMails(customer.email)
    }
    expect(sent.docs[0]).toMatchObject({ status: 'sent' })
    expect(sent.docs[0]!.attempts).toBeGreaterThan(1)
  }, 120_000)

  it('lets the seller send a mail again, and nobody else', async () => {
    const customer = await createCustomer('nochmal')
    const placed = await placeOrder(customer)
    await waitForMail({ to: customer.email })
    const [mail] = (await recordedMails(customer.email)).docs
    const resend = (headers: Record<string, string>) => getJson(`/api/cms/mails/${mail!.id}/resend`, { method: 'POST', headers })

    expect((await resend(bearer(customer))).status).toBe(403)
    expect((await resend({})).status).toBe(403)
    expect((await getJson(`/api/cms/mails/${mail!.id}`, { headers: bearer(customer) })).status).toBe(403)
    expect((await getJson('/api/cms/payload-jobs', { headers: bearer(customer) })).status).toBe(403)

    const again = await resend({ Authorization: `JWT ${seller.token}` })
    expect(again.status).toBe(202)
    for (let i = 0; i < 120 && mailsMatching({ to: customer.email }).length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 250))
    const copies = mailsMatching({ to: customer.email, subject: new RegExp(`Nr\\. ${placed.body.id}`) })
    expect(copies).toHaveLength(2)
    const badId = await getJson('/api/cms/mails/abc/resend', { method: 'POST', headers: { Authorization: `JWT ${seller.token}` } })
    expect(badId.status).toBe(400)
  }, 90_000)
})

describe('mails from the contact form', () => {
  it('sends the seller a copy with reply-to the visitor and the visitor a short receipt in their language', async () => {
    const visitor = `besuch-${randomBytes(4).toString('hex')}@example.com`
    const response = await getJson('/api/contact/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: 'lang=en' },
      body: JSON.stringify({ name: 'Mara', email: visitor, message: 'Can you write a song for my yoga class?' }),
      from: ownLoopbackAddress(),
    })
    expect(response.status).toBe(201)
    const settings = await payload.findGlobal({ slug: 'settings' })
    const receipt = await waitForMail({ to: visitor })
    expect(receipt.subject).toBe('Thank you for your message')
    // No quote of the message: the form must not relay text to any address typed into it.
    expect(receipt.text).not.toContain('yoga class')
    const copy = await waitForMail({ to: settings.email, subject: /Kontaktanfrage von Mara/ })
    expect(copy.replyTo).toBe(visitor)
    expect(copy.text).toContain('Can you write a song for my yoga class?')
  }, 60_000)
})

describe('without an SMTP server', () => {
  it('writes every mail as an .eml file into the outbox folder', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'outbox-'))
    const saved = { url: process.env.SMTP_URL, host: process.env.SMTP_HOST, outbox: process.env.MAIL_OUTBOX_DIR }
    delete process.env.SMTP_URL
    delete process.env.SMTP_HOST
    process.env.MAIL_OUTBOX_DIR = folder
    try {
      const adapter = mailAdapter()({ payload })
      await adapter.sendEmail({ to: 'someone@example.com', subject: 'Grüße', text: 'Hallo', attachments: [{ filename: 'a.txt', content: 'Anhang' }] })
      const files = readdirSync(folder)
      expect(files).toHaveLength(1)
      expect(files[0]).toMatch(/\.eml$/)
      const parsed = await simpleParser(readFileSync(path.join(folder, files[0]!)))
      expect(parsed.subject).toBe('Grüße')
      expect(parsed.text?.trim()).toBe('Hallo')
      expect(parsed.attachments[0]?.filename).toBe('a.txt')
    } finally {
      for (const [name, value] of [
        ['SMTP_URL', saved.url],
        ['SMTP_HOST', saved.host],
        ['MAIL_OUTBOX_DIR', saved.outbox],
      ] as const) {
        if (value === undefined) delete process.env[name]
        else process.env[name] = value
      }
      rmSync(folder, { recursive: true, force: true })
    }
  })
})
