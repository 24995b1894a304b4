// @run-alone: it runs the demo seed again over the shared database.
import type { CollectionSlug } from 'payload'
import { seedDemoContent } from '../../scripts/seed/index'
import { CONSENT_WORDING_VERSION } from '../../src/orders/consent'
import { closeTestPayload, testPayload } from '../support/payload'

const SEEDED: CollectionSlug[] = [
  'packages',
  'use-types',
  'focus-themes',
  'categories',
  'tracks',
  'music-groups',
  'news',
  'media',
  'audio',
  'users',
  'orders',
  'revision-requests',
  'gift-links',
]

async function counts() {
  const payload = await testPayload()
  const entries = await Promise.all(SEEDED.map(async (collection) => [collection, (await payload.count({ collection })).totalDocs] as const))
  return Object.fromEntries(entries)
}

describe('demo content', () => {
  afterAll(closeTestPayload)

  it('was created on first start with the spec’s packages and enough of everything', async () => {
    const payload = await testPayload()
    const packages = await payload.find({ collection: 'packages', depth: 0, pagination: false })
    const prices = Object.fromEntries(packages.docs.map((pkg) => [pkg.slug, pkg.price]))
    expect(prices).toEqual({ soundtouch: 39, vocalbalance: 69, deepflow: 129 })
    const recording = Object.fromEntries(packages.docs.map((pkg) => [pkg.slug, pkg.allows_recording]))
    expect(recording).toEqual({ soundtouch: false, vocalbalance: true, deepflow: true })

    const themes = await payload.find({ collection: 'focus-themes', depth: 0, pagination: false })
    expect(themes.docs.map((theme) => theme.slug)).toContain('custom')
    expect(themes.docs.length).toBeGreaterThanOrEqual(5)
    expect((await payload.count({ collection: 'use-types' })).totalDocs).toBeGreaterThanOrEqual(4)
    expect((await payload.count({ collection: 'categories' })).totalDocs).toBeGreaterThanOrEqual(3)
    expect((await payload.count({ collection: 'news' })).totalDocs).toBeGreaterThanOrEqual(3)
    const forms = (await payload.find({ collection: 'music-groups', depth: 0, pagination: false })).docs.map((g) => g.form)
    expect(new Set(forms)).toEqual(new Set(['album', 'single', 'playlist']))
  })

  it('sells the demo albums (issue 33): one at a fixed price, one name-your-price, one free single, and the first album’s tracks on their own', async () => {
    const payload = await testPayload()
    const sale = async (title: string) =>
      (await payload.find({ collection: 'music-groups', where: { title: { equals: title } }, locale: 'de', depth: 0, limit: 1 })).docs[0]?.sale
    expect(await sale('Zwischen Tag und Traum')).toMatchObject({ mode: 'fixed_price', price: 9.99 })
    expect(await sale('Wasser & Wind')).toMatchObject({ mode: 'name_your_price', minimum: 5, suggested: 8 })
    expect(await sale('Atemzug')).toMatchObject({ mode: 'name_your_price', minimum: 0 })
    const morgentau = (await payload.find({ collection: 'tracks', where: { title: { equals: 'Morgentau' } }, locale: 'de', depth: 0, limit: 1 })).docs[0]
    expect(morgentau?.sale).toMatchObject({ mode: 'fixed_price', price: 1.29 })
  })

  it('has at least 8 tracks of real audio between 30 and 90 seconds', async () => {
    const payload = await testPayload()
    const tracks = await payload.find({ collection: 'tracks', depth: 1, pagination: false })
    expect(tracks.docs.length).toBeGreaterThanOrEqual(8)
    for (const track of tracks.docs) {
      const audio = track.audio as { duration?: number | null; mimeType?: string | null }
      expect(audio.mimeType).toMatch(/^audio\//)
      expect(audio.duration).toBeGreaterThanOrEqual(30)
      expect(audio.duration).toBeLessThanOrEqual(90)
    }
  })

  it('has German and English texts', async () => {
    const payload = await testPayload()
    const [de, en] = await Promise.all(
      (['de', 'en'] as const).map((locale) =>
        payload.find({ collection: 'use-types', locale, fallbackLocale: false, depth: 0, pagination: false, sort: 'slug' }),
      ),
    )
    expect(en.docs.every((doc) => typeof doc.label === 'string' && doc.label.length > 0)).toBe(true)
    expect(de.docs.map((doc) => doc.label)).not.toEqual(en.docs.map((doc) => doc.label))
  })

  it('has a former customer, anonymised: the completed order and its invoice kept with the billing data, nothing personal', async () => {
    const payload = await testPayload()
    const { docs } = await payload.find({ collection: 'orders', where: { billing_name: { equals: 'Jonas Beispiel' } }, depth: 0 })
    expect(docs).toHaveLength(1)
    expect(docs[0]).toMatchObject({ status: 'completed', personal_note: null, custom_theme: '[entfernt / removed]' })
    const former = await payload.findByID({ collection: 'users', id: docs[0]!.customer as number, depth: 0 })
    expect(former.username).toBe(`geloescht-${former.id}`)
    expect(former.email).toBe(`geloescht-${former.id}@anonymisiert.invalid`)
    expect(former.anonymised_at).toBeTruthy()
    expect(docs[0]!.invoice).toBeTruthy()
  })

  it('has a demo customer with a delivered, a completed and an unpaid order, whose delivery only that customer can hear', async () => {
    const payload = await testPayload()
    const customer = (await payload.find({ collection: 'users', where: { username: { equals: 'demo-kundin' } }, depth: 0 })).docs[0]!
    expect(customer.role).toBe('customer')
    const orders = await payload.find({ collection: 'orders', where: { customer: { equals: customer.id } }, depth: 1, pagination: false })
    expect(orders.docs.map((order) => order.status).sort()).toEqual(['completed', 'delivered', 'pending_payment'])
    expect(orders.docs.find((order) => order.package === 'soundtouch')?.total).toBe(39)
    for (const order of orders.docs) {
      expect(order).toMatchObject({ consent_wording_version: CONSENT_WORDING_VERSION, locale: 'de' })
      expect(Date.parse(order.terms_accepted_at!)).not.toBeNaN()
      expect(Date.parse(order.early_start_consent_at!)).not.toBeNaN()
    }
    const delivered = orders.docs.find((order) => order.status === 'delivered')!
    const audio = delivered.uploads?.[0]?.audio as { id: number; purpose: string; owner: number | { id: number } }
    expect(audio.purpose).toBe('delivery')
    const readAs = (user: typeof customer | null) => payload.count({ collection: 'audio', where: { id: { equals: audio.id } }, overrideAccess: false, user })
    expect((await readAs(customer)).totalDocs).toBe(1)
    expect((await readAs(null)).totalDocs).toBe(0)
  })

  it("gives the demo customer's delivered order two versions with her revision wish between them, and a gift link", async () => {
    const payload = await testPayload()
    const customer = (await payload.find({ collection: 'users', where: { username: { equals: 'demo-kundin' } }, depth: 0 })).docs[0]!
    const order = (
      await payload.find({ collection: 'orders', where: { and: [{ customer: { equals: customer.id } }, { status: { equals: 'delivered' } }] }, depth: 1 })
    ).docs[0]!
    expect(order.uploads?.map((row) => [row.version, (row.audio as { filename: string }).filename.split('.').pop()])).toEqual([
      [1, 'mp3'],
      [2, 'wav'],
    ])
    expect(order.status_history?.map(({ actor, to }) => `${actor}:${to}`)).toEqual([
      'seller:paid',
      'seller:delivered',
      'customer:revision_requested',
      'seller:delivered',
    ])
    const revisions = await payload.find({ collection: 'revision-requests', where: { order: { equals: order.id } }, depth: 0 })
    expect(revisions.docs.map((revision) => revision.delivery_version)).toEqual([1])
    const gifts = await payload.find({ collection: 'gift-links', where: { order: { equals: order.id } }, depth: 0 })
    expect(gifts.docs).toHaveLength(1)
    expect(gifts.docs[0]!.revoked_at).toBeFalsy()
  })

  it('adds nothing when it runs again', async () => {
    const before = await counts()
    const result = await seedDemoContent(await testPayload())
    expect(result.seeded).toBe(false)
    expect(await counts()).toEqual(before)
  })

  it('duplicates nothing when an interrupted run is repeated', async () => {
    const payload = await testPayload()
    const before = await counts()
    await payload.updateGlobal({ slug: 'settings', data: { demo_content_seeded: false } })
    const result = await seedDemoContent(payload)
    expect(result.seeded).toBe(true)
    expect(await counts()).toEqual(before)
    expect((await payload.findGlobal({ slug: 'settings' })).demo_content_seeded).toBe(true)
  })
})
