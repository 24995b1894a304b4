import { randomBytes } from 'node:crypto'
import { getJson, ownLoopbackAddress } from '../support/http'
import { waitForMail } from '../support/mail'
import { closeTestPayload, testPayload } from '../support/payload'
import { bearer, createCustomer, type TestCustomer } from '../support/users'
import { WITHDRAWAL_RATE } from '@/withdrawals/receive-withdrawal'

/**
 * The withdrawal receipt (POST /api/withdrawals/) goes to whatever address the sender typed, under
 * the shop's name. It must not carry a stranger's words to a third party: only a receipt to the
 * logged-in customer's own account address, confirmed by the link mailed to it, quotes the free
 * text (name, details); every other one (an anonymous sender, another address, an account whose
 * address is unconfirmed, i.e. anyone's) names the order number and the time of receipt only.
 * The declaration is stored in full either way, and the seller's note carries everything.
 */

const declare = (body: Record<string, unknown>, caller: TestCustomer | null = null) =>
  getJson('/api/withdrawals/', {
    method: 'POST',
    headers: { ...(caller ? bearer(caller) : {}), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    from: ownLoopbackAddress(),
  })

const freshEmail = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.com`
const spam = () => {
  const tag = randomBytes(4).toString('hex')
  return {
    name: `Gewinner ${tag} https://phish.example/claim-${tag}`,
    details: `Sie haben 1000 EUR gewonnen ${tag}: https://phish.example/pay-${tag} jetzt Konto bestätigen!`,
    tag,
  }
}

async function storedWithDetails(details: string) {
  const { docs } = await (await testPayload()).find({ collection: 'withdrawals', where: { details: { equals: details } }, depth: 0 })
  return docs
}

describe('the withdrawal receipt relays no free text to foreign addresses', () => {
  let customer: TestCustomer
  let unconfirmed: TestCustomer
  beforeAll(async () => {
    ;[customer, unconfirmed] = await Promise.all([createCustomer('widerruf-beleg'), createCustomer('widerruf-unbestaetigt')])
    // As the confirmation link does (src/auth/email-confirmation.ts); `unconfirmed` never opened theirs.
    await (await testPayload()).update({ collection: 'users', id: customer.id, data: { email_confirmed_at: new Date().toISOString() } })
  })
  afterAll(closeTestPayload)

  it('mails an anonymous sender’s receipt with order number and time only, without name, details or links; the declaration is stored in full', async () => {
    const victim = freshEmail('opfer')
    const { name, details, tag } = spam()
    const answer = await declare({ name, email: victim, order_number: '4242', details, locale: 'de' })
    expect(answer.status).toBe(201)

    const receipt = await waitForMail({ to: victim, subject: /^Eingangsbestätigung: dein Widerruf$/ })
    for (const body of [receipt.text, receipt.html]) {
      expect(body).not.toContain(tag)
      expect(body).not.toContain('phish.example')
      expect(body).not.toContain('gewonnen')
    }
    expect(receipt.text).toContain('Bestellung Nr. 4242')
    expect(receipt.text).toMatch(/Eingegangen am: \d{1,2}\. [A-Za-zä]+ \d{4}/)

    const [stored] = await storedWithDetails(details)
    expect(stored).toMatchObject({ name, email: victim, details, order_number: '4242' })
    expect(stored!.declaration).toContain(details)
  })

  it('quotes no free text either when a logged-in customer sends the receipt to an address that is not their account’s', async () => {
    const other = freshEmail('fremd')
    const { name, details, tag } = spam()
    expect((await declare({ name, email: other, order_number: '4243', details, locale: 'en' }, customer)).status).toBe(201)
    const receipt = await waitForMail({ to: other, subject: /^Confirmation of receipt: your withdrawal$/ })
    expect(receipt.text).not.toContain(tag)
    expect(receipt.html).not.toContain(tag)
    expect(receipt.text).toContain('order no. 4243')
  })

  it('quotes no free text to the own address of an account that never confirmed it (anyone can register with a stranger’s address); the seller finds it stored in full', async () => {
    const { name, details, tag } = spam()
    const answer = await declare({ name, email: unconfirmed.email, order_number: '4245', details, locale: 'de' }, unconfirmed)
    expect(answer.status).toBe(201)
    const receipt = await waitForMail({ to: unconfirmed.email, subject: /^Eingangsbestätigung: dein Widerruf$/ })
    for (const body of [receipt.text, receipt.html]) {
      expect(body).not.toContain(tag)
      expect(body).not.toContain('phish.example')
    }
    expect(receipt.text).toContain('Hiermit widerrufe ich den von mir abgeschlossenen Vertrag (Bestellung Nr. 4245).')
    expect(receipt.text).toMatch(/Eingegangen am: \d{1,2}\. [A-Za-zä]+ \d{4}/)
    expect(receipt.text).toContain('noch nicht bestätigt')

    const [stored] = await storedWithDetails(details)
    expect(stored).toMatchObject({ name, email: unconfirmed.email, details, customer: unconfirmed.id })
    expect(stored!.declaration).toContain(details)
  })

  it('quotes the whole declaration in the receipt to the logged-in customer’s own, confirmed address', async () => {
    const details = `Bitte erstatten ${randomBytes(4).toString('hex')}`
    const answer = await declare({ name: 'Mara Eigen', email: customer.email.toUpperCase(), order_number: '4244', details, locale: 'de' }, customer)
    expect(answer.status).toBe(201)
    const receipt = await waitForMail({ to: customer.email, subject: /^Eingangsbestätigung: dein Widerruf$/ })
    expect(receipt.text).toContain(details)
    expect(receipt.text).toContain('Mara Eigen')
    for (const line of (answer.body.declaration as string).split('\n').filter(Boolean)) expect(receipt.text).toContain(line)
  })

  it(`sends at most ${WITHDRAWAL_RATE.perRecipient} receipts an hour to one address, then answers 429 with a detail and stores nothing more`, async () => {
    const target = freshEmail('ziel')
    const statuses: number[] = []
    for (let i = 0; i < WITHDRAWAL_RATE.perRecipient; i++)
      statuses.push((await declare({ name: 'Jemand', email: target, order_number: String(500 + i) })).status)
    expect(statuses).toEqual(Array(WITHDRAWAL_RATE.perRecipient).fill(201))
    const details = `zu viele ${randomBytes(4).toString('hex')}`
    const refused = await declare({ name: 'Jemand', email: target.toUpperCase(), order_number: '599', details })
    expect(refused.status).toBe(429)
    expect(refused.body).toMatchObject({ code: 'too_many', detail: expect.stringMatching(/try again/i) })
    expect(await storedWithDetails(details)).toHaveLength(0)
  })
})
