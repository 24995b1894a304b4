import { unzipSync } from 'fflate'
import { BASE_URL, getJson } from '../support/http'
import { customerWithHistory, type CustomerHistory } from '../support/customer-history'
import { closeTestPayload, testPayload } from '../support/payload'
import { bearer, createCustomer, loginSeller, type TestCustomer } from '../support/users'

/**
 * The seller's GDPR export of one customer (GET /api/cms/users/{id}/export, src/gdpr/): a ZIP with
 * data.json and the customer's files, for the seller alone, against the running shop.
 */
let alice: CustomerHistory
let bob: TestCustomer
let seller: { token: string }

beforeAll(async () => {
  ;[alice, bob, seller] = await Promise.all([customerWithHistory('export'), createCustomer('export-fremd'), loginSeller()])
})
afterAll(closeTestPayload)

const exportOf = (id: number, caller: { token: string } | null) => fetch(`${BASE_URL}/api/cms/users/${id}/export`, { headers: caller ? bearer(caller) : {} })

async function unzipped(response: Response): Promise<Record<string, Uint8Array>> {
  return unzipSync(new Uint8Array(await response.arrayBuffer()))
}

describe('GDPR export of a customer', () => {
  it('gives the seller a ZIP with data.json: account, orders, consents, invoices, contact messages and mails', async () => {
    const response = await exportOf(alice.customer.id, seller)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/zip')
    expect(response.headers.get('content-disposition')).toMatch(
      new RegExp(`attachment; filename="kunde-${alice.customer.id}-daten-\\d{4}-\\d{2}-\\d{2}\\.zip"`),
    )
    expect(response.headers.get('cache-control')).toBe('no-store')
    const files = await unzipped(response)
    const data = JSON.parse(Buffer.from(files['data.json']!).toString('utf8'))

    expect(data.account).toMatchObject({ id: alice.customer.id, username: alice.customer.username, email: alice.customer.email, role: 'customer' })
    expect(JSON.stringify(data.account)).not.toMatch(/hash|salt|sessions/)
    expect(data.orders).toHaveLength(1)
    expect(data.orders[0]).toMatchObject({
      id: alice.order.id,
      status: 'completed',
      personal_note: 'Für Oma Hilde zum 90. Geburtstag',
      custom_theme: 'Der Garten meiner Großmutter',
      billing_name: 'Erika Muster',
    })
    expect(data.consents[0]).toMatchObject({ order: alice.order.id, wording_version: alice.order.consent_wording_version })
    expect(data.consents[0].wording.terms).toContain('AGB')
    expect(data.invoices).toEqual([expect.objectContaining({ number: alice.invoiceNumber, kind: 'invoice', file: `invoices/${alice.invoiceNumber}.pdf` })])
    expect(data.invoices[0].kept_until).toMatch(/^\d{4}-12-31$/)
    expect(data.contact_messages.map((message: { message: string }) => message.message)).toEqual([expect.stringContaining(alice.contactMarker)])
    expect(data.mails.length).toBeGreaterThan(0)
    for (const mail of data.mails) expect([mail.to, mail.reply_to]).toContain(alice.customer.email)
    expect(data.mails.map((mail: { template: string }) => mail.template)).toEqual(
      expect.arrayContaining(['order-confirmation', 'payment-received', 'song-delivered']),
    )
  })

  it('holds the recording, the delivered song and the invoice PDF as files', async () => {
    const files = await unzipped(await exportOf(alice.customer.id, seller))
    const data = JSON.parse(Buffer.from(files['data.json']!).toString('utf8'))
    const byPurpose = Object.fromEntries(data.audio_files.map((file: { purpose: string; file: string }) => [file.purpose, file.file]))
    expect(byPurpose.recording).toMatch(/^recordings\//)
    expect(byPurpose.delivery).toMatch(/^songs\//)
    for (const name of [byPurpose.recording, byPurpose.delivery]) {
      expect(Buffer.from(files[name]!).subarray(0, 4).toString()).toBe('RIFF')
    }
    expect(data.orders[0].uploads.map((upload: { file: string }) => upload.file).sort()).toEqual([byPurpose.recording, byPurpose.delivery].sort())
    const pdf = files[`invoices/${alice.invoiceNumber}.pdf`]!
    expect(Buffer.from(pdf).subarray(0, 5).toString()).toBe('%PDF-')
  })

  it('holds the purchases of music, the music owned and the purchase invoice (issue 33)', async () => {
    const payload = await testPayload()
    const buyer = await createCustomer('export-musik')
    const { docs: groups } = await payload.find({ collection: 'music-groups', limit: 1, depth: 0 })
    const purchase = await payload.create({
      collection: 'purchases',
      data: {
        customer: buyer.id,
        status: 'pending_payment',
        lines: [{ kind: 'music-group', music_group: groups[0]!.id, title: 'Exportalbum', amount: 9.99, vat_rate: 19, vat_amount: 1.6, formats: ['mp3'] }],
        total: 9.99,
        vat_amount: 1.6,
        payment_method: 'prepayment',
      },
      context: { noMail: true },
    })
    // Paid as the seller records a bank transfer: the invoice and the album in the buyer's music.
    await payload.update({ collection: 'purchases', id: purchase.id, data: { status: 'paid' }, context: { noMail: true } })
    const data = JSON.parse(Buffer.from((await unzipped(await exportOf(buyer.id, seller)))['data.json']!).toString('utf8'))
    expect(data.other_records.purchases).toEqual([expect.objectContaining({ id: purchase.id, status: 'paid', total: 9.99 })])
    expect(data.other_records['library-items']).toEqual([expect.objectContaining({ purchase: purchase.id, music_group: groups[0]!.id })])
    expect(data.invoices).toEqual([expect.objectContaining({ purchase: purchase.id, order: null, kind: 'invoice' })])
  })

  it('contains nothing of another customer', async () => {
    const files = await unzipped(await exportOf(bob.id, seller))
    const data = JSON.parse(Buffer.from(files['data.json']!).toString('utf8'))
    expect(data.account.email).toBe(bob.email)
    expect(data.orders).toEqual([])
    expect(data.invoices).toEqual([])
    expect(data.contact_messages).toEqual([])
    expect(Object.keys(files)).toEqual(['data.json'])
    expect(JSON.stringify(data)).not.toContain(alice.customer.email)
  })

  it('refuses customers (even for their own data) with 403 and anonymous callers with 401', async () => {
    const own = await getJson(`/api/cms/users/${alice.customer.id}/export`, { headers: bearer(alice.customer) })
    expect(own.status).toBe(403)
    expect(own.body).toEqual({ detail: 'Only the seller may do this.' })
    expect((await getJson(`/api/cms/users/${alice.customer.id}/export`, { headers: bearer(bob) })).status).toBe(403)
    const anonymous = await getJson(`/api/cms/users/${alice.customer.id}/export`)
    expect(anonymous.status).toBe(401)
    expect(anonymous.body.detail).toBeTruthy()
  })

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await getJson('/api/cms/users/999999/export', { headers: bearer(seller) })).status).toBe(404)
    expect((await getJson('/api/cms/users/abc/export', { headers: bearer(seller) })).status).toBe(404)
  })

  it('leaves the stored data as they were', async () => {
    const payload = await testPayload()
    const order = await payload.findByID({ collection: 'orders', id: alice.order.id, depth: 0 })
    expect(order.personal_note).toBe('Für Oma Hilde zum 90. Geburtstag')
  })
})
