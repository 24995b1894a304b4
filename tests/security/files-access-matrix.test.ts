// @run-alone: it counts all audio and media to see that nothing was stored.
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { silentWav } from '../support/audio'
import { BASE_URL, getJson } from '../support/http'
import { CONSENTS } from '../support/orders'
import { closeTestPayload, testPayload } from '../support/payload'
import { bearer, createCustomer, loginSeller, type TestCustomer } from '../support/users'

/**
 * The access matrix of issue 8: every per-record route and every Payload REST collection and
 * global, as an anonymous visitor, as another customer and as the owner; read, create, update,
 * delete. A leak is any private content in an answer or any change in the database, not only a
 * 2xx. Then every upload route with disguised files and path-traversal names.
 */

type Caller = { token: string } | null
const auth = (caller: Caller): Record<string, string> => (caller ? bearer(caller) : {})
const json = (caller: Caller, method: string, body: unknown) => ({
  method,
  headers: { ...auth(caller), 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
})

/** Collections a visitor may read (the catalog); all others are private. */
const PUBLIC_COLLECTIONS = ['media', 'categories', 'tracks', 'music-groups', 'news', 'packages', 'use-types', 'focus-themes']
const PRIVATE_COLLECTIONS = [
  'orders',
  'revision-requests',
  'gift-links',
  'contact-messages',
  'login-failures',
  'payload-locked-documents',
  'payload-preferences',
  'payload-migrations',
]
const GLOBALS = ['settings', 'about']

function recordingForm(bytes: Buffer, name: string, type: string) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name)
  form.append('description', 'Stimme')
  return form
}

function payloadUploadForm(bytes: Buffer, name: string, type: string, data: Record<string, unknown>) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name)
  form.append('_payload', JSON.stringify(data))
  return form
}

describe('access matrix', () => {
  let owner: TestCustomer
  let other: TestCustomer
  let seller: { token: string }
  let orderId: number
  let recording: { id: number; file: string }
  let callers: [string, Caller][]

  beforeAll(async () => {
    ;[owner, other, seller] = await Promise.all([createCustomer('owner'), createCustomer('other'), loginSeller()])
    callers = [
      ['anonymous', null],
      ['another customer', other],
    ]
    const placed = await getJson('/api/orders/', json(owner, 'POST', { package: 'deepflow', theme: 'inner-peace', personal_note: 'geheim-owner', ...CONSENTS }))
    expect(placed.status).toBe(201)
    orderId = placed.body.id
    const upload = await getJson(`/api/orders/${orderId}/upload-audio/`, {
      method: 'POST',
      headers: bearer(owner),
      body: recordingForm(silentWav(1), 'audio-recording.wav', 'audio/wav'),
    })
    expect(upload.status).toBe(201)
    recording = upload.body
  })
  afterAll(closeTestPayload)

  const storedOrder = async () => (await testPayload()).findByID({ collection: 'orders', id: orderId, depth: 0 })

  describe('per-record routes of the storefront', () => {
    it('anonymous and another customer cannot confirm, upload to, list or download the order', async () => {
      for (const [, caller] of callers) {
        const confirm = await getJson(`/api/orders/${orderId}/confirm/`, { method: 'POST', headers: auth(caller) })
        expect([401, 404]).toContain(confirm.status)
        expect(JSON.stringify(confirm.body)).not.toContain('geheim-owner')
        const upload = await getJson(`/api/orders/${orderId}/upload-audio/`, {
          method: 'POST',
          headers: auth(caller),
          body: recordingForm(silentWav(1), 'x.wav', 'audio/wav'),
        })
        expect([401, 404]).toContain(upload.status)
        const mine = await getJson('/api/orders/my/', { headers: auth(caller) })
        expect(JSON.stringify(mine.body)).not.toContain('geheim-owner')
        expect((await fetch(BASE_URL + recording.file, { headers: auth(caller) })).status).toBe(404)
      }
      expect(await storedOrder()).toMatchObject({ confirmed_by_user: false, uploads: [expect.anything()] })
    })

    it('the owner lists, downloads and confirms their order', async () => {
      const mine = await getJson('/api/orders/my/', { headers: bearer(owner) })
      expect(mine.body.map((order: { id: number }) => order.id)).toContain(orderId)
      expect((await fetch(BASE_URL + recording.file, { headers: bearer(owner) })).status).toBe(200)
      // Only a delivered song can be confirmed: the seller's steps first.
      for (const status of ['paid', 'delivered'] as const) await (await testPayload()).update({ collection: 'orders', id: orderId, data: { status } })
      expect((await getJson(`/api/orders/${orderId}/confirm/`, { method: 'POST', headers: bearer(owner) })).status).toBe(200)
      expect(await storedOrder()).toMatchObject({ confirmed_by_user: true })
    })
  })

  describe("Payload's REST collections", () => {
    it.each(PRIVATE_COLLECTIONS)('%s: anonymous and another customer read nothing of others and create, change, delete nothing', async (slug) => {
      for (const [, caller] of callers) {
        const listed = await getJson(`/api/cms/${slug}?limit=0`, { headers: auth(caller) })
        const docs = (listed.body?.docs ?? []) as { id: number; customer?: number }[]
        // Nothing of the owner, the seller or anyone else: at most the caller's own orders (none here).
        expect(docs.filter((doc) => doc.id === orderId || slug !== 'orders')).toEqual([])
        const created = await getJson(`/api/cms/${slug}`, json(caller, 'POST', { customer: owner.id, package: 'deepflow', theme: 'x', name: 'n', batch: 1 }))
        expect(created.status).toBeGreaterThanOrEqual(400)
        expect(created.body?.doc).toBeUndefined()
      }
    })

    it("orders: another customer and anonymous cannot read, change or delete the owner's order; the owner changes nothing but the confirmation", async () => {
      const before = await storedOrder()
      for (const [, caller] of callers) {
        const read = await getJson(`/api/cms/orders/${orderId}`, { headers: auth(caller) })
        expect(read.status).toBeGreaterThanOrEqual(400)
        expect(JSON.stringify(read.body)).not.toContain('geheim-owner')
        expect((await getJson(`/api/cms/orders/${orderId}`, json(caller, 'PATCH', { personal_note: 'changed' }))).status).toBeGreaterThanOrEqual(400)
        expect((await getJson(`/api/cms/orders/${orderId}`, { method: 'DELETE', headers: auth(caller) })).status).toBeGreaterThanOrEqual(400)
      }
      const ownRead = await getJson(`/api/cms/orders/${orderId}`, { headers: bearer(owner) })
      expect(ownRead.body.personal_note).toBe('geheim-owner')
      await getJson(`/api/cms/orders/${orderId}`, json(owner, 'PATCH', { status: 'completed', total: 0, personal_note: 'changed', uploads: [] }))
      expect((await getJson(`/api/cms/orders/${orderId}`, { method: 'DELETE', headers: bearer(owner) })).status).toBeGreaterThanOrEqual(400)
      const after = await storedOrder()
      expect(after).toMatchObject({ status: before.status, total: before.total, personal_note: 'geheim-owner' })
      expect(after.uploads).toHaveLength(1)
    })

    it("audio: the owner's recording is read by nobody else; nobody but the seller creates, changes or deletes audio", async () => {
      for (const [, caller] of callers) {
        const read = await getJson(`/api/cms/audio/${recording.id}`, { headers: auth(caller) })
        expect(read.status).toBe(404)
        const listed = await getJson(`/api/cms/audio?limit=0&where[purpose][not_equals]=track`, { headers: auth(caller) })
        expect(listed.body.docs ?? []).toEqual([])
        expect((await getJson(`/api/cms/audio/${recording.id}`, json(caller, 'PATCH', { purpose: 'track' }))).status).toBeGreaterThanOrEqual(400)
        expect((await getJson(`/api/cms/audio/${recording.id}`, { method: 'DELETE', headers: auth(caller) })).status).toBeGreaterThanOrEqual(400)
      }
      expect((await getJson(`/api/cms/audio/${recording.id}`, json(owner, 'PATCH', { purpose: 'track' }))).status).toBeGreaterThanOrEqual(400)
      const stored = await (await testPayload()).findByID({ collection: 'audio', id: recording.id, depth: 0 })
      expect(stored.purpose).toBe('recording')
    })

    it('users: anonymous and another customer read no other account', async () => {
      for (const [, caller] of callers) {
        const listed = await getJson('/api/cms/users?limit=0', { headers: auth(caller) })
        expect(JSON.stringify(listed.body)).not.toContain(owner.email)
        expect(JSON.stringify(listed.body)).not.toContain('admin@example.com')
        const read = await getJson(`/api/cms/users/${owner.id}`, { headers: auth(caller) })
        expect(JSON.stringify(read.body)).not.toContain(owner.email)
        expect((await getJson(`/api/cms/users/${owner.id}`, json(caller, 'PATCH', { email: 'taken@example.com' }))).status).toBeGreaterThanOrEqual(400)
        expect((await getJson(`/api/cms/users/${owner.id}`, { method: 'DELETE', headers: auth(caller) })).status).toBeGreaterThanOrEqual(400)
      }
      const stored = await (await testPayload()).findByID({ collection: 'users', id: owner.id, depth: 0 })
      expect(stored.email).toBe(owner.email)
    })

    it.each(PUBLIC_COLLECTIONS)('%s: readable by all, but created, changed and deleted by nobody but the seller', async (slug) => {
      const payload = await testPayload()
      const { docs } = await payload.find({ collection: slug as 'media', limit: 1, depth: 0 })
      const existing = docs[0]
      for (const [, caller] of [...callers, ['owner', owner] as [string, Caller]]) {
        expect((await getJson(`/api/cms/${slug}?limit=1`, { headers: auth(caller) })).status).toBe(200)
        const created = await getJson(`/api/cms/${slug}`, json(caller, 'POST', { title: 'x', slug: `leak-${Date.now()}`, name: 'x', alt: 'x' }))
        expect(created.status).toBeGreaterThanOrEqual(400)
        if (!existing) continue
        expect((await getJson(`/api/cms/${slug}/${existing.id}`, json(caller, 'PATCH', { title: 'leak', alt: 'leak' }))).status).toBeGreaterThanOrEqual(400)
        expect((await getJson(`/api/cms/${slug}/${existing.id}`, { method: 'DELETE', headers: auth(caller) })).status).toBeGreaterThanOrEqual(400)
      }
      if (existing) {
        const after = await payload.findByID({ collection: slug as 'media', id: existing.id, depth: 0 })
        expect(after).toEqual(existing)
      }
    })

    it.each(GLOBALS)('global %s: readable, changed by nobody but the seller', async (slug) => {
      const payload = await testPayload()
      const before = await payload.findGlobal({ slug: slug as 'settings', depth: 0 })
      for (const [, caller] of [...callers, ['owner', owner] as [string, Caller]]) {
        const update = await getJson(`/api/cms/globals/${slug}`, json(caller, 'POST', { trader_name: 'leak', title: 'leak' }))
        expect(update.status).toBeGreaterThanOrEqual(400)
      }
      expect(await payload.findGlobal({ slug: slug as 'settings', depth: 0 })).toEqual(before)
    })
  })

  describe('upload routes refuse disguised files and keep every file inside the media folder', () => {
    const DISGUISED: [string, Buffer][] = [
      ['text', Buffer.from('just some text, not audio at all\n'.repeat(20))],
      ['html', Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>')],
      ['svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ]
    const TRAVERSAL_NAMES = ['../../x.webm', '..%2f..%2fx.webm', '/etc/x.webm']

    it.each(DISGUISED)('a %s file posing as audio or an image is refused everywhere', async (_kind, bytes) => {
      const payload = await testPayload()
      const audioBefore = (await payload.count({ collection: 'audio' })).totalDocs
      const mediaBefore = (await payload.count({ collection: 'media' })).totalDocs
      // A customer of its own: every case places an order, and open unpaid orders are limited.
      const uploader = await createCustomer('uploader')
      const placed = await getJson('/api/orders/', json(uploader, 'POST', { package: 'deepflow', theme: 'inner-peace', ...CONSENTS }))
      const recordingUpload = await getJson(`/api/orders/${placed.body.id}/upload-audio/`, {
        method: 'POST',
        headers: bearer(uploader),
        body: recordingForm(bytes, 'audio-recording.webm', 'audio/webm'),
      })
      expect(recordingUpload.status).toBe(415)
      for (const caller of [other, seller]) {
        const audio = await getJson('/api/cms/audio', {
          method: 'POST',
          headers: auth(caller),
          body: payloadUploadForm(bytes, 'song.mp3', 'audio/mpeg', { title: 'x' }),
        })
        expect(audio.status).toBeGreaterThanOrEqual(400)
        const image = await getJson('/api/cms/media', {
          method: 'POST',
          headers: auth(caller),
          body: payloadUploadForm(bytes, 'bild.png', 'image/png', { alt: 'x' }),
        })
        expect(image.status).toBeGreaterThanOrEqual(400)
      }
      expect((await payload.count({ collection: 'audio' })).totalDocs).toBe(audioBefore)
      expect((await payload.count({ collection: 'media' })).totalDocs).toBe(mediaBefore)
    })

    it.each(TRAVERSAL_NAMES)('the file name %s is stored under a safe name inside the media folder', async (name) => {
      const mediaDir = path.resolve(process.env.MEDIA_DIR ?? 'media')
      const outside = path.resolve(mediaDir, 'audio', '..', '..', 'x.webm')
      // A customer of its own: every case places an order, and open unpaid orders are limited.
      const uploader = await createCustomer('uploader')
      const placed = await getJson('/api/orders/', json(uploader, 'POST', { package: 'deepflow', theme: 'inner-peace', ...CONSENTS }))
      const recordingUpload = await getJson(`/api/orders/${placed.body.id}/upload-audio/`, {
        method: 'POST',
        headers: bearer(uploader),
        body: recordingForm(silentWav(1), name, 'audio/wav'),
      })
      expect(recordingUpload.status).toBe(201)
      const sellerUpload = await getJson('/api/cms/audio', {
        method: 'POST',
        headers: auth(seller),
        body: payloadUploadForm(silentWav(1), name.replace('.webm', '.wav'), 'audio/wav', { title: 'x' }),
      })
      for (const stored of [recordingUpload.body.file, sellerUpload.body?.doc?.url].filter(Boolean) as string[]) {
        const filename = decodeURIComponent(stored.split('/').pop()!)
        expect(filename).toMatch(/^[\w-][\w.-]*$/)
        expect(filename).not.toContain('..')
        expect(await readdir(path.join(mediaDir, 'audio'))).toContain(filename)
      }
      await expect(readdir(path.dirname(outside)).then((names) => names.includes('x.webm') || names.includes('x.wav'))).resolves.toBe(false)
      await expect(readdir('/etc').then((names) => names.includes('x.webm') || names.includes('x.wav'))).resolves.toBe(false)
    })
  })
})
