import { randomBytes, randomUUID } from 'node:crypto'
import type { CollectionSlug } from 'payload'
import { PURCHASE_CONSENT_VERSION } from '@/purchases/consent'
import { SHOP_MARKER } from '@/payments/stripe-checkout'
import { PURCHASE_LIMITS } from '@/rules/limits'
import { silentWav } from '../support/audio'
import { getJson } from '../support/http'
import { waitForMail } from '../support/mail'
import { CONSENTS } from '../support/orders'
import { closeTestPayload, testPayload } from '../support/payload'
import { deliverStripeEvent } from '../support/stripe-events'
import type { StandInSession } from '../support/stripe-stand-in'
import { bearer, createCustomer, loginSeller, type TestCustomer } from '../support/users'

/*
 * Issue 33, the purchase's server side: placing a purchase of albums, tracks and tips (every
 * price decided again from stored data), paying it online (Checkout Sessions against the loopback
 * Stripe stand-in; events signed with the official SDK's test helper) or by bank transfer (the
 * seller's status change), the invoice and the buyer's music in one transaction, refunds, mails.
 * The albums and the track are made here, with the catalog's sale settings.
 */

const suffix = randomBytes(4).toString('hex')
const created: { collection: CollectionSlug; id: number }[] = []
const ids = {} as { track: number; fixed: number; nameYourPrice: number; free: number; notForSale: number; draft: number }
let seller: { token: string }
let vatRate: number

beforeAll(async () => {
  const payload = await testPayload()
  seller = await loginSeller()
  const settings = await payload.findGlobal({ slug: 'settings', depth: 0 })
  vatRate = settings.vat_mode === 'small_business' ? 0 : 19
  const wav = silentWav()
  const audio = await payload.create({
    collection: 'audio',
    data: { title: `Kauf ${suffix}`, purpose: 'track' },
    file: { data: wav, mimetype: 'audio/wav', name: `purchase-${suffix}.wav`, size: wav.length },
  })
  created.push({ collection: 'audio', id: audio.id })
  const track = await payload.create({
    collection: 'tracks',
    locale: 'de',
    data: { title: `Kauftitel ${suffix}`, audio: audio.id, sale: { mode: 'fixed_price', price: 1.29 }, _status: 'published' },
  })
  created.push({ collection: 'tracks', id: track.id })
  ids.track = track.id
  const group = async (title: string, sale: Record<string, unknown>, status: 'published' | 'draft' = 'published') => {
    const made = await payload.create({
      collection: 'music-groups',
      locale: 'de',
      data: { title: `${title} ${suffix}`, form: 'album', tracks: [track.id], sale, _status: status } as never,
      draft: status === 'draft',
    })
    created.push({ collection: 'music-groups', id: made.id })
    return made.id
  }
  ids.fixed = await group('Kaufalbum', { mode: 'fixed_price', price: 9.99, offer_original: true })
  ids.nameYourPrice = await group('Wunschpreisalbum', { mode: 'name_your_price', minimum: 5, suggested: 8 })
  ids.free = await group('Geschenkalbum', { mode: 'name_your_price', minimum: 0 })
  ids.notForSale = await group('Nichtzuverkaufen', { mode: 'not_for_sale' })
  ids.draft = await group('Kaufentwurf', { mode: 'fixed_price', price: 5 }, 'draft')
}, 60_000)

afterAll(closeTestPayload)

type Item = Record<string, unknown>
const purchaseBody = (items: Item[], extra: Record<string, unknown> = {}) => ({
  items,
  payment_method: 'credit_card',
  terms_accepted: true,
  digital_content_consent: true,
  consent_wording_version: PURCHASE_CONSENT_VERSION,
  billing_country: 'DE',
  ...extra,
})
const place = (customer: TestCustomer | null, body: unknown, headers: Record<string, string> = {}) =>
  getJson('/api/purchases/', {
    method: 'POST',
    headers: { ...(customer ? bearer(customer) : {}), 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
const placed = async (customer: TestCustomer, items: Item[], extra: Record<string, unknown> = {}) => {
  const answer = await place(customer, purchaseBody(items, extra))
  expect(answer.status).toBe(201)
  return answer.body as { id: number; total: number; status: string; lines: { kind: string; amount: number; vat_rate: number; formats: string[] }[] }
}
const stored = async (id: number) => (await testPayload()).findByID({ collection: 'purchases', id, depth: 0 })
const purchasesOf = async (customer: TestCustomer) =>
  (await (await testPayload()).count({ collection: 'purchases', where: { customer: { equals: customer.id } } })).totalDocs
const libraryOf = async (customer: TestCustomer) =>
  (await testPayload()).find({ collection: 'library-items', where: { customer: { equals: customer.id } }, depth: 0, pagination: false, sort: 'id' })
const invoicesOf = async (purchaseId: number) =>
  (await testPayload()).find({ collection: 'invoices', where: { purchase: { equals: purchaseId } }, depth: 0, pagination: false, sort: 'id' })

/** A Checkout Session this shop opened for the purchase, paid with `amountCents` by a payer in `country`. */
const paidPurchaseSession = (purchaseId: number, amountCents: number, country = 'AT') => ({
  type: 'checkout.session.completed',
  object: {
    id: `cs_test_purchase_${purchaseId}`,
    object: 'checkout.session',
    metadata: { purchase_id: String(purchaseId), shop: SHOP_MARKER },
    client_reference_id: `purchase-${purchaseId}`,
    currency: 'eur',
    payment_status: 'paid',
    amount_total: amountCents,
    payment_intent: `pi_test_purchase_${purchaseId}`,
    customer_details: { address: { country } },
  },
})
const purchaseRefund = (paymentIntent: string, amountCents: number) => ({
  type: 'charge.refunded',
  object: {
    id: `ch_${paymentIntent}`,
    object: 'charge',
    currency: 'eur',
    metadata: {},
    payment_intent: paymentIntent,
    amount_refunded: amountCents,
    refunded: true,
  },
})
const sellerPatch = (id: number, data: Record<string, unknown>) =>
  getJson(`/api/cms/purchases/${id}`, {
    method: 'PATCH',
    headers: { Authorization: `JWT ${seller.token}`, 'Content-Type': 'application/json', 'Accept-Language': 'de' },
    body: JSON.stringify(data),
  })
const cents = (euros: number) => Math.round(euros * 100)
const containedVat = (euros: number, rate: number) => Math.round((cents(euros) * rate) / (100 + rate)) / 100

describe('placing a purchase (POST /api/purchases/)', () => {
  it('answers 201 with every line priced from stored data, its VAT, the formats, and mails the confirmation with both consents', async () => {
    const alice = await createCustomer('kaeuferin')
    const before = new Date()
    const purchase = await placed(alice, [
      { kind: 'music-group', id: ids.fixed, amount: 0.5 }, // a fixed price ignores the amount sent
      { kind: 'music-group', id: ids.nameYourPrice, amount: '12,50' },
      { kind: 'track', id: ids.track, amount: 99 },
    ])
    expect(purchase).toMatchObject({ status: 'pending_payment', total: 23.78, payment_method: 'credit_card', next: 'pay_online', invoice_pdf: null })
    expect(purchase.lines.map((line) => [line.kind, line.amount, line.vat_rate])).toEqual([
      ['music-group', 9.99, vatRate],
      ['music-group', 12.5, vatRate],
      ['track', 1.29, vatRate],
    ])
    expect(purchase.lines[0]!.formats).toEqual(expect.arrayContaining(['mp3', 'original']))
    const row = await stored(purchase.id)
    expect(row).toMatchObject({ customer: alice.id, billing_country: 'DE', consent_wording_version: PURCHASE_CONSENT_VERSION })
    expect(row.terms_accepted_at).toBeTruthy()
    expect(row.digital_content_consent_at).toBeTruthy()
    expect(row.vat_amount).toBeCloseTo(containedVat(9.99, vatRate) + containedVat(12.5, vatRate) + containedVat(1.29, vatRate), 2)
    expect(row.lines.map((line) => line.named_price)).toEqual([false, true, false])

    const mail = await waitForMail({ to: alice.email, subject: new RegExp(`Kaufbestätigung.*Nr\\. ${purchase.id}`), after: before })
    expect(mail.text).toContain('Widerrufsfrist')
    expect(mail.text).toContain('Widerrufsrecht verliere')
    expect(mail.text).toContain('Wunschpreisalbum')

    const mine = await getJson('/api/purchases/my/', { headers: bearer(alice) })
    expect(mine.status).toBe(200)
    expect(mine.body.map((listed: { id: number }) => listed.id)).toEqual([purchase.id])
    expect((await getJson(`/api/purchases/${purchase.id}/`, { headers: bearer(alice) })).body).toMatchObject({ id: purchase.id, total: 23.78 })
  })

  it('refuses bad input with 400 and a detail, and stores nothing', async () => {
    const carol = await createCustomer('ungueltig')
    const album = (amount: unknown) => ({ kind: 'music-group', id: ids.nameYourPrice, amount })
    const cases: [string, unknown][] = [
      ['below the minimum', purchaseBody([album('4.99')])],
      ['negative', purchaseBody([album(-5)])],
      ['negative text', purchaseBody([album('-5')])],
      ['non-numeric', purchaseBody([album('fünf')])],
      ['NaN-like', purchaseBody([album('NaN')])],
      ['three decimals', purchaseBody([album('5.001')])],
      ['absurd', purchaseBody([album('1e9')])],
      ['above the maximum', purchaseBody([album(500.01)])],
      ['unknown album', purchaseBody([{ kind: 'music-group', id: 2_000_000_000, amount: 5 }])],
      ['unpublished album', purchaseBody([{ kind: 'music-group', id: ids.draft, amount: 5 }])],
      ['not for sale', purchaseBody([{ kind: 'music-group', id: ids.notForSale, amount: 5 }])],
      ['unknown kind', purchaseBody([{ kind: 'package', id: ids.fixed, amount: 5 }])],
      ['the same album twice', purchaseBody([album(6), album(7)])],
      ['no items', purchaseBody([])],
      ['too many items', purchaseBody(Array.from({ length: PURCHASE_LIMITS.items + 1 }, () => album(6)))],
      ['terms not accepted', purchaseBody([album(6)], { terms_accepted: false })],
      ['digital-content consent missing', purchaseBody([album(6)], { digital_content_consent: undefined })],
      ['consent as text', purchaseBody([album(6)], { digital_content_consent: 'on' })],
      ['unknown consent wording', purchaseBody([album(6)], { consent_wording_version: '1999-01-01' })],
      ['country in lower case', purchaseBody([album(6)], { billing_country: 'de' })],
      ['country as a name', purchaseBody([album(6)], { billing_country: 'Deutschland' })],
      ['no country', purchaseBody([album(6)], { billing_country: undefined })],
      ['unknown payment method', purchaseBody([album(6)], { payment_method: 'bitcoin' })],
      ['billing name too long', purchaseBody([album(6)], { billing_name: 'x'.repeat(PURCHASE_LIMITS.billingName + 1) })],
      ['tip too small', purchaseBody([{ kind: 'tip', for_purchase: 1, amount: '0.99' }])],
      ['tip for nothing', purchaseBody([{ kind: 'tip', amount: 5 }])],
      ['tip for both', purchaseBody([{ kind: 'tip', for_order: 1, for_purchase: 1, amount: 5 }])],
      ['tip for an unknown order', purchaseBody([{ kind: 'tip', for_order: 2_000_000_000, amount: 5 }])],
      ['not an object', ['items']],
    ]
    for (const [what, body] of cases) {
      const answer = await place(carol, body)
      expect({ what, status: answer.status }).toEqual({ what, status: 400 })
      expect(typeof answer.body.detail).toBe('string')
    }
    expect(await purchasesOf(carol)).toBe(0)
  })

  it('is for logged-in customers only: 401 with a detail', async () => {
    const answer = await place(null, purchaseBody([{ kind: 'track', id: ids.track, amount: 1.29 }]))
    expect(answer.status).toBe(401)
    expect(answer.body.detail).toBeTruthy()
    expect((await getJson('/api/purchases/my/')).status).toBe(401)
  })

  it('places one purchase per Idempotency-Key: the retry gets it again, other items with the same key 422', async () => {
    const dora = await createCustomer('wiederholt')
    const key = { 'Idempotency-Key': randomUUID() }
    const body = purchaseBody([{ kind: 'track', id: ids.track, amount: 1.29 }])
    const [first, second] = await Promise.all([place(dora, body, key), place(dora, body, key)])
    expect([first.status, second.status].sort()).toEqual([201, 201])
    expect(first.body.id).toBe(second.body.id)
    const other = await place(dora, purchaseBody([{ kind: 'music-group', id: ids.fixed, amount: 9.99 }]), key)
    expect(other.status).toBe(422)
    expect(await purchasesOf(dora)).toBe(1)
  })

  it('takes a free purchase (total 0) as paid at once: no payment, no invoice, the music in the library', async () => {
    const erik = await createCustomer('gratis')
    const before = new Date()
    const answer = await place(erik, purchaseBody([{ kind: 'music-group', id: ids.free, amount: 0 }], { payment_method: 'prepayment' }), {
      'Accept-Language': 'en',
    })
    expect(answer.status).toBe(201)
    const purchase = answer.body
    expect(purchase).toMatchObject({ status: 'paid', total: 0, next: 'none', invoice_pdf: null })
    // In the language the buyer bought in: the confirmation says the music is ready, with the link to "My music".
    const mail = await waitForMail({ to: erik.email, subject: new RegExp(`Purchase confirmation.*${purchase.id}`), after: before })
    expect(mail.text).toContain('/account/music')
    expect(mail.text).not.toContain('/en/account/music') // the account pages have one address in both languages
    expect(mail.text).toContain('right of withdrawal')
    expect((await stored(purchase.id)).paid_at).toBeTruthy()
    expect((await invoicesOf(purchase.id)).totalDocs).toBe(0)
    const library = await libraryOf(erik)
    expect(library.docs).toEqual([
      expect.objectContaining({ kind: 'music-group', music_group: ids.free, source: 'purchase', purchase: purchase.id, revoked_at: null }),
    ])
  })
})

describe('paying a purchase (Stripe stand-in)', () => {
  it('opens a Checkout Session for the stored total, naming the purchase in the metadata and as client_reference_id', async () => {
    const fay = await createCustomer('karte-kauf')
    const purchase = await placed(fay, [{ kind: 'music-group', id: ids.nameYourPrice, amount: 7 }], { payment_method: 'paypal' })
    const paid = await getJson(`/api/purchases/${purchase.id}/pay/`, { method: 'POST', headers: bearer(fay) })
    expect(paid.status).toBe(200)
    const sessions = (await (await fetch(`${process.env.STRIPE_API_BASE}/__sessions`)).json()) as StandInSession[]
    const session = sessions.find((candidate) => candidate.url === paid.body.url)!
    expect(session.form).toMatchObject({
      'line_items[0][price_data][unit_amount]': '700',
      'metadata[purchase_id]': String(purchase.id),
      'metadata[shop]': SHOP_MARKER,
      client_reference_id: `purchase-${purchase.id}`,
    })
    expect(session.form['metadata[order_id]']).toBeUndefined()
    expect(session.form.success_url).toMatch(new RegExp(`/account/purchases/${purchase.id}\\?paid=1$`))
    expect((await stored(purchase.id)).stripe_checkout_session).toBe(session.id)
    // The same page again while it is open.
    expect((await getJson(`/api/purchases/${purchase.id}/pay/`, { method: 'POST', headers: bearer(fay) })).body.url).toBe(paid.body.url)
  })

  it('marks the purchase paid from the webhook: the card country, the invoice with every line, the music, the "ready" mail with the invoice', async () => {
    const gina = await createCustomer('bezahlt')
    const purchase = await placed(gina, [
      { kind: 'music-group', id: ids.fixed, amount: 9.99 },
      { kind: 'track', id: ids.track, amount: 1.29 },
    ])
    const before = new Date()
    const event = await deliverStripeEvent(paidPurchaseSession(purchase.id, 1128))
    expect(event).toMatchObject({ status: 200, body: { received: true, outcome: 'paid' } })
    const row = await stored(purchase.id)
    expect(row).toMatchObject({ status: 'paid', stripe_payment_intent: `pi_test_purchase_${purchase.id}`, card_country: 'AT', billing_country: 'DE' })
    expect(row.paid_at).toBeTruthy()
    const invoices = await invoicesOf(purchase.id)
    expect(invoices.docs).toEqual([expect.objectContaining({ kind: 'invoice', customer: gina.id, total: 11.28, id: row.invoice })])
    const library = await libraryOf(gina)
    expect(library.docs.map((item) => [item.kind, item.music_group ?? item.track, item.source, item.purchase])).toEqual([
      ['music-group', ids.fixed, 'purchase', purchase.id],
      ['track', ids.track, 'purchase', purchase.id],
    ])
    expect(library.docs[0]!.formats).toEqual(purchase.lines[0]!.formats)

    const pdf = await fetch(`${process.env.BASE_URL ?? 'http://127.0.0.1:3000'}/api/invoices/${row.invoice}.pdf`, { headers: bearer(gina) })
    expect(pdf.status).toBe(200)
    expect((await getJson(`/api/purchases/${purchase.id}/`, { headers: bearer(gina) })).body).toMatchObject({
      status: 'paid',
      next: 'none',
      invoice_pdf: `/api/invoices/${row.invoice}.pdf`,
    })
    const mail = await waitForMail({ to: gina.email, subject: new RegExp(`Musik ist bereit.*${purchase.id}`), after: before })
    expect(mail.text).toContain('/account/music')
    expect(mail.attachments.map((attachment) => attachment.contentType)).toContain('application/pdf')
    // The same payment told again changes nothing.
    expect((await deliverStripeEvent({ ...paidPurchaseSession(purchase.id, 1128), type: 'checkout.session.async_payment_succeeded' })).body.outcome).toMatch(
      /not awaiting payment/,
    )
  })

  it('never marks a purchase paid for another amount than its total', async () => {
    const hans = await createCustomer('betrag')
    const purchase = await placed(hans, [{ kind: 'track', id: ids.track, amount: 1.29 }])
    expect((await deliverStripeEvent(paidPurchaseSession(purchase.id, 100))).body.outcome).toMatch(/amount 100 differs/)
    expect((await stored(purchase.id)).status).toBe('pending_payment')
    expect((await libraryOf(hans)).totalDocs).toBe(0)
  })

  it('20 parallel paid events of one purchase give one invoice and one grant per line', async () => {
    const ida = await createCustomer('parallel')
    const purchase = await placed(ida, [
      { kind: 'music-group', id: ids.nameYourPrice, amount: 6 },
      { kind: 'track', id: ids.track, amount: 1.29 },
    ])
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliverStripeEvent(paidPurchaseSession(purchase.id, 729))))
    expect(answers.every((answer) => answer.status === 200)).toBe(true)
    expect(answers.filter((answer) => answer.body.outcome === 'paid')).toHaveLength(1)
    expect((await invoicesOf(purchase.id)).totalDocs).toBe(1)
    expect((await libraryOf(ida)).totalDocs).toBe(2)
  }, 120_000)

  it("refunds through Stripe's charge.refunded: the cancellation invoice, and the download rights end", async () => {
    const jan = await createCustomer('erstattet')
    const purchase = await placed(jan, [{ kind: 'music-group', id: ids.fixed, amount: 9.99 }])
    await deliverStripeEvent(paidPurchaseSession(purchase.id, 999))
    const refunded = await deliverStripeEvent(purchaseRefund(`pi_test_purchase_${purchase.id}`, 999))
    expect(refunded.body.outcome).toBe('refunded')
    const row = await stored(purchase.id)
    expect(row.status).toBe('refunded')
    expect(row.refunded_at).toBeTruthy()
    const invoices = await invoicesOf(purchase.id)
    expect(invoices.docs.map((invoice) => [invoice.kind, invoice.total])).toEqual([
      ['invoice', 9.99],
      ['cancellation', -9.99],
    ])
    expect(row.cancellation_invoice).toBe(invoices.docs[1]!.id)
    expect((await libraryOf(jan)).docs.every((item) => item.revoked_at)).toBe(true)
  })
})

describe('prepayment and the seller (admin)', () => {
  it('offers the GiroCode for an unpaid prepayment purchase; the seller marks it paid, then refunded; a pending one may be cancelled', async () => {
    const kim = await createCustomer('vorkasse')
    const lars = await createCustomer('fremd-kauf')
    const purchase = await placed(kim, [{ kind: 'music-group', id: ids.fixed, amount: 9.99 }], { payment_method: 'prepayment' })
    expect(purchase).toMatchObject({ next: 'bank_transfer' })
    const girocode = await fetch(`${process.env.BASE_URL ?? 'http://127.0.0.1:3000'}/api/purchases/${purchase.id}/girocode.svg`, { headers: bearer(kim) })
    // 200 with the seller's bank account in the settings, 404 without one; never another's.
    expect([200, 404]).toContain(girocode.status)
    if (girocode.status === 200) expect(girocode.headers.get('content-type')).toMatch(/image\/svg\+xml/)
    expect((await getJson(`/api/purchases/${purchase.id}/girocode.svg`, { headers: bearer(lars) })).status).toBe(404)
    const byCard = await getJson(`/api/purchases/${purchase.id}/pay/`, { method: 'POST', headers: bearer(kim) })
    expect(byCard.status).toBe(409)

    const skip = await sellerPatch(purchase.id, { status: 'refunded' })
    expect(skip.status).toBe(400)
    expect(JSON.stringify(skip.body)).toMatch(/kann nicht/)
    expect((await sellerPatch(purchase.id, { status: 'paid' })).status).toBe(200)
    const paid = await stored(purchase.id)
    expect(paid.paid_at).toBeTruthy()
    expect(paid.invoice).toBeTruthy()
    expect((await libraryOf(kim)).docs).toEqual([expect.objectContaining({ music_group: ids.fixed, revoked_at: null })])
    expect((await sellerPatch(purchase.id, { status: 'refunded' })).status).toBe(200)
    expect((await stored(purchase.id)).cancellation_invoice).toBeTruthy()
    expect((await libraryOf(kim)).docs.every((item) => item.revoked_at)).toBe(true)
    expect((await sellerPatch(purchase.id, { status: 'paid' })).status).toBe(400)

    const unpaid = await placed(kim, [{ kind: 'track', id: ids.track, amount: 1.29 }], { payment_method: 'prepayment' })
    expect((await sellerPatch(unpaid.id, { status: 'cancelled' })).status).toBe(200)
    expect(await stored(unpaid.id)).toMatchObject({ status: 'cancelled', invoice: null })
  })

  it("never shows another customer's purchase: 404 for reading, paying and the GiroCode; the list holds only one's own", async () => {
    const mia = await createCustomer('eigene')
    const nils = await createCustomer('neugierig')
    const purchase = await placed(mia, [{ kind: 'track', id: ids.track, amount: 1.29 }])
    expect((await getJson(`/api/purchases/${purchase.id}/`, { headers: bearer(nils) })).status).toBe(404)
    expect((await getJson(`/api/purchases/${purchase.id}/pay/`, { method: 'POST', headers: bearer(nils) })).status).toBe(404)
    expect((await getJson(`/api/purchases/${purchase.id}/girocode.svg`, { headers: bearer(nils) })).status).toBe(404)
    expect((await getJson('/api/purchases/my/', { headers: bearer(nils) })).body).toEqual([])
    expect((await getJson('/api/purchases/abc/', { headers: bearer(mia) })).status).toBe(404)
    expect((await getJson(`/api/cms/purchases/${purchase.id}`, { headers: bearer(nils) })).status).toBe(404)
  })
})

describe('tips', () => {
  it("takes a tip for one's own paid name-your-price purchase at the digital sale's VAT, and refuses one for a purchase without a named price or another's", async () => {
    const olga = await createCustomer('trinkgeld')
    const paul = await createCustomer('fremdes-trinkgeld')
    const named = await placed(olga, [{ kind: 'music-group', id: ids.nameYourPrice, amount: 5 }])
    const fixed = await placed(olga, [{ kind: 'track', id: ids.track, amount: 1.29 }])
    const tip = (id: number, amount: unknown = 3) => purchaseBody([{ kind: 'tip', for_purchase: id, amount }])
    expect((await place(olga, tip(named.id))).status).toBe(400) // not paid yet
    await deliverStripeEvent(paidPurchaseSession(named.id, 500))
    await deliverStripeEvent(paidPurchaseSession(fixed.id, 129))
    expect((await place(olga, tip(fixed.id))).status).toBe(400) // nothing with a named price
    expect((await place(paul, tip(named.id))).status).toBe(400) // not his
    const given = await place(olga, tip(named.id, '3,50'))
    expect(given.status).toBe(201)
    expect(given.body.lines).toEqual([expect.objectContaining({ kind: 'tip', amount: 3.5, vat_rate: vatRate, music_group: null, track: null })])
    expect((await stored(given.body.id)).lines[0]).toMatchObject({ tip_for_purchase: named.id, title: `Trinkgeld zum Kauf ${named.id}` })
  })

  it("takes a tip for one's own delivered commission at the seller's domestic rate, not for an unpaid one", async () => {
    const payload = await testPayload()
    const rosa = await createCustomer('auftrag')
    const order = await getJson('/api/orders/', {
      method: 'POST',
      headers: { ...bearer(rosa), 'Content-Type': 'application/json' },
      body: JSON.stringify({ package: 'vocalbalance', theme: 'inner-peace', payment_method: 'prepayment', ...CONSENTS }),
    })
    expect(order.status).toBe(201)
    const tip = purchaseBody([{ kind: 'tip', for_order: order.body.id, amount: 5 }], { payment_method: 'prepayment' })
    expect((await place(rosa, tip)).status).toBe(400)
    await payload.update({ collection: 'orders', id: order.body.id, data: { status: 'paid' }, context: { statusActor: 'seller' } })
    await payload.update({ collection: 'orders', id: order.body.id, data: { status: 'delivered' }, context: { statusActor: 'seller' } })
    const given = await place(rosa, tip)
    expect(given.status).toBe(201)
    expect(given.body).toMatchObject({ total: 5, next: 'bank_transfer', lines: [expect.objectContaining({ kind: 'tip', vat_rate: vatRate })] })
  })

  it('takes a tip with the terms alone (a tip supplies no download, so no § 356 Abs. 5 consent is asked or recorded); an album still needs it', async () => {
    const payload = await testPayload()
    const rosa = await createCustomer('nurtip')
    const order = await getJson('/api/orders/', {
      method: 'POST',
      headers: { ...bearer(rosa), 'Content-Type': 'application/json' },
      body: JSON.stringify({ package: 'vocalbalance', theme: 'inner-peace', payment_method: 'prepayment', ...CONSENTS }),
    })
    await payload.update({ collection: 'orders', id: order.body.id, data: { status: 'paid' }, context: { statusActor: 'seller' } })
    await payload.update({ collection: 'orders', id: order.body.id, data: { status: 'delivered' }, context: { statusActor: 'seller' } })
    const withoutDownloadConsent = { payment_method: 'prepayment', digital_content_consent: undefined }
    const tipAlone = await place(rosa, purchaseBody([{ kind: 'tip', for_order: order.body.id, amount: 4 }], withoutDownloadConsent))
    expect(tipAlone.status).toBe(201)
    const row = await stored(tipAlone.body.id)
    expect(row.terms_accepted_at).toBeTruthy()
    expect(row.digital_content_consent_at).toBeFalsy()
    const withAlbum = await place(
      rosa,
      purchaseBody(
        [
          { kind: 'tip', for_order: order.body.id, amount: 4 },
          { kind: 'music-group', id: ids.nameYourPrice, amount: 6 },
        ],
        withoutDownloadConsent,
      ),
    )
    expect(withAlbum).toMatchObject({ status: 400, body: { code: 'consent_missing' } })
    expect(
      await place(rosa, purchaseBody([{ kind: 'tip', for_order: order.body.id, amount: 4 }], { payment_method: 'prepayment', terms_accepted: undefined })),
    ).toMatchObject({ status: 400 })
  })
})
