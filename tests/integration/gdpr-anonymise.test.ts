import { getJson } from '../support/http'
import { customerWithHistory, fileExists, placeOrder, type CustomerHistory } from '../support/customer-history'
import { closeTestPayload, testPayload } from '../support/payload'
import { bearer, createCustomer, loginSeller } from '../support/users'
import { anonymousEmail, anonymousUsername, REMOVED_TEXT } from '../../src/gdpr/anonymise'

/**
 * The seller's anonymisation of a customer (POST /api/cms/users/{id}/anonymise, src/gdpr/anonymise.ts):
 * what the invoices need stays, the rest of the personal data goes, files included; other
 * customers are untouched; only the seller may do it. Against the running shop and its database.
 */
let alice: CustomerHistory
let bob: CustomerHistory
let seller: { token: string }

beforeAll(async () => {
  ;[alice, bob, seller] = await Promise.all([customerWithHistory('anonym'), customerWithHistory('anonym-andere'), loginSeller()])
})
afterAll(closeTestPayload)

const anonymise = (id: number, caller: { token: string } | null) =>
  getJson(`/api/cms/users/${id}/anonymise`, { method: 'POST', headers: caller ? bearer(caller) : {} })

describe('anonymising a customer', () => {
  it('refuses customers with 403 and anonymous callers with 401, changing nothing', async () => {
    const byCustomer = await anonymise(alice.customer.id, alice.customer)
    expect(byCustomer.status).toBe(403)
    expect(byCustomer.body).toEqual({ detail: 'Only the seller may do this.' })
    expect((await anonymise(alice.customer.id, bob.customer)).status).toBe(403)
    expect((await anonymise(alice.customer.id, null)).status).toBe(401)
    const payload = await testPayload()
    expect((await payload.findByID({ collection: 'users', id: alice.customer.id })).email).toBe(alice.customer.email)
  })

  it('refuses while an order is open (409), naming it', async () => {
    const carol = await createCustomer('anonym-offen')
    const open = await placeOrder(carol)
    await (await testPayload()).update({ collection: 'orders', id: open.id, data: { status: 'paid' } })
    const { status, body } = await anonymise(carol.id, seller)
    expect(status).toBe(409)
    expect(body).toMatchObject({ code: 'orders_open', orders: [open.id] })
    expect(body.detail).toContain(`no. ${open.id}`)
    await expect((await testPayload()).findByID({ collection: 'users', id: carol.id })).resolves.toMatchObject({ email: carol.email })
  })

  it('removes the personal data and keeps the order and the invoice with the billing data', async () => {
    expect(fileExists(alice.recordingFile)).toBe(true)
    // Before her "happy", she had asked for a revision and given the song away with a dedication.
    const before = await testPayload()
    const wish = await before.create({
      collection: 'revision-requests',
      data: { order: alice.order.id, customer: alice.customer.id, delivery_version: 1, message: 'Bitte am Ende leiser, für meine Tochter Lena.' },
    })
    await before.create({
      collection: 'gift-links',
      data: {
        order: alice.order.id,
        customer: alice.customer.id,
        audio: alice.deliveryId,
        dedication: 'Für Lena',
        token_hash: `anonym-${wish.id}-${Date.now()}`,
      },
    })
    const { status, body } = await anonymise(alice.customer.id, seller)
    expect(status).toBe(200)
    expect(body).toMatchObject({
      customer: alice.customer.id,
      orders_kept: 1,
      recordings_deleted: 1,
      contact_messages_deleted: 1,
      gift_links_deleted: 1,
      revision_wishes_removed: 1,
    })
    const payload = await testPayload()
    expect((await payload.find({ collection: 'gift-links', where: { customer: { equals: alice.customer.id } } })).totalDocs).toBe(0)
    expect(await payload.findByID({ collection: 'revision-requests', id: wish.id, depth: 0 })).toMatchObject({ delivery_version: 1, message: REMOVED_TEXT })

    // The account: a neutral name, no address, no sessions, a password nobody knows.
    const user = await payload.findByID({ collection: 'users', id: alice.customer.id, depth: 0, showHiddenFields: true })
    expect(user).toMatchObject({ username: anonymousUsername(alice.customer.id), email: anonymousEmail(alice.customer.id), locale: null })
    expect(user.anonymised_at).toBeTruthy()
    expect(user.sessions ?? []).toEqual([])
    const login = await getJson('/api/cms/users/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: alice.customer.email, password: alice.customer.password }),
    })
    expect(login.status).not.toBe(200)
    expect((await getJson('/api/orders/my/', { headers: bearer(alice.customer) })).status).toBe(401)

    // The order: what was bought, prices, billing data and consents stay; note, custom theme and recording go.
    const order = await payload.findByID({ collection: 'orders', id: alice.order.id, depth: 0 })
    expect(order).toMatchObject({
      status: 'completed',
      package: 'vocalbalance',
      total: alice.order.total,
      billing_name: 'Erika Muster',
      billing_address: 'Lindenweg 5\n79098 Freiburg',
      invoice: alice.order.invoice,
      terms_accepted_at: alice.order.terms_accepted_at,
      personal_note: null,
      custom_theme: REMOVED_TEXT,
    })
    expect(order.uploads!.map((row) => row.audio)).toEqual([alice.deliveryId])

    // The recording is gone with its file; the delivered song (proof of delivery) stays.
    expect(await payload.findByID({ collection: 'audio', id: alice.recordingId, disableErrors: true })).toBeNull()
    expect(fileExists(alice.recordingFile)).toBe(false)
    expect(fileExists(alice.deliveryFile)).toBe(true)

    // The invoice is kept as issued.
    const invoice = await payload.findByID({ collection: 'invoices', id: order.invoice as number, depth: 0 })
    expect(invoice.number).toBe(alice.invoiceNumber)

    // Contact messages and the mail log of the address are gone.
    const messages = await payload.find({ collection: 'contact-messages', where: { message: { contains: alice.contactMarker } } })
    expect(messages.totalDocs).toBe(0)
    const mails = await payload.find({
      collection: 'mails',
      where: { or: [{ to: { equals: alice.customer.email } }, { reply_to: { equals: alice.customer.email } }] },
    })
    expect(mails.totalDocs).toBe(0)
  })

  it('cancels an unpaid purchase of music and keeps a paid one with its invoice and the purchase mail as bookkeeping (issue 33)', async () => {
    const payload = await testPayload()
    const dora = await createCustomer('anonym-musik')
    const { docs: groups } = await payload.find({ collection: 'music-groups', limit: 1, depth: 0 })
    const place = () =>
      payload.create({
        collection: 'purchases',
        data: {
          customer: dora.id,
          status: 'pending_payment',
          lines: [{ kind: 'music-group', music_group: groups[0]!.id, title: 'Album', amount: 9.99, vat_rate: 19, vat_amount: 1.6, formats: ['mp3'] }],
          total: 9.99,
          vat_amount: 1.6,
          payment_method: 'prepayment',
        },
      })
    const [unpaid, paid] = [await place(), await place()]
    await payload.update({ collection: 'purchases', id: paid.id, data: { status: 'paid' } })
    const sentAboutPaid = async () =>
      (
        await payload.find({ collection: 'mails', where: { and: [{ to: { equals: dora.email } }, { status: { equals: 'sent' } }] }, limit: 100, depth: 0 })
      ).docs.filter((mail) => mail.template === 'purchase-confirmation' && (mail.data as { purchase?: number } | null)?.purchase === paid.id)
    // Only a sent mail is kept as proof: wait for the mail job to send the confirmation.
    for (let tries = 0; (await sentAboutPaid()).length === 0 && tries < 60; tries++) await new Promise((resolve) => setTimeout(resolve, 500))
    expect(await sentAboutPaid()).toHaveLength(1)
    const { status, body } = await anonymise(dora.id, seller)
    expect(status).toBe(200)
    expect(body).toMatchObject({ unpaid_purchases_cancelled: 1 })
    expect(await payload.findByID({ collection: 'purchases', id: unpaid.id, depth: 0 })).toMatchObject({ status: 'cancelled' })
    const kept = await payload.findByID({ collection: 'purchases', id: paid.id, depth: 0 })
    expect(kept).toMatchObject({ status: 'paid', total: 9.99 })
    expect(kept.invoice).toBeTruthy()
    const mails = await payload.find({ collection: 'mails', where: { template: { equals: 'purchase-confirmation' } }, limit: 1000, depth: 0 })
    const aboutPaid = mails.docs.filter((mail) => (mail.data as { purchase?: number } | null)?.purchase === paid.id)
    expect(aboutPaid).toEqual([expect.objectContaining({ to: anonymousEmail(dora.id), status: 'sent', data: { purchase: paid.id } })])
  })

  it('leaves another customer untouched', async () => {
    const payload = await testPayload()
    const user = await payload.findByID({ collection: 'users', id: bob.customer.id, depth: 0 })
    expect(user).toMatchObject({ email: bob.customer.email, username: bob.customer.username })
    expect(user.anonymised_at ?? null).toBeNull()
    const order = await payload.findByID({ collection: 'orders', id: bob.order.id, depth: 0 })
    expect(order.personal_note).toBe('Für Oma Hilde zum 90. Geburtstag')
    expect(order.uploads).toHaveLength(2)
    expect(fileExists(bob.recordingFile)).toBe(true)
    expect((await payload.find({ collection: 'contact-messages', where: { message: { contains: bob.contactMarker } } })).totalDocs).toBe(1)
    expect((await getJson('/api/orders/my/', { headers: bearer(bob.customer) })).status).toBe(200)
  })

  it('refuses a second anonymisation and the seller account', async () => {
    expect((await anonymise(alice.customer.id, seller)).status).toBe(409)
    const payload = await testPayload()
    const { docs } = await payload.find({ collection: 'users', where: { role: { equals: 'admin' } }, limit: 1 })
    expect((await anonymise(docs[0]!.id, seller)).status).toBe(409)
  })
})
