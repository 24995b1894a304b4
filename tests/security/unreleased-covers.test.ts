import { randomBytes } from 'node:crypto'
import type { Payload } from 'payload'
import sharp from 'sharp'
import { BASE_URL, getJson } from '../support/http'
import { closeTestPayload, testPayload } from '../support/payload'
import { bearer, createCustomer, loginSeller, type TestCustomer } from '../support/users'

/**
 * Issue 32: the cover of an album (or the image of a news item) that is not out yet is the
 * seller's until its release: neither listed nor served by /api/cms/media, nor as a file under
 * /media/images, to a visitor or a customer. An image a published release shows stays public.
 */

const suffix = randomBytes(4).toString('hex')
let payload: Payload
let customer: TestCustomer
let seller: { token: string }
const made: { collection: 'media' | 'music-groups' | 'news'; id: number }[] = []

async function image(name: string) {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#445566' } })
    .png()
    .toBuffer()
  const doc = await payload.create({
    collection: 'media',
    data: { alt: name },
    file: { data: png, mimetype: 'image/png', name: `${name}-${suffix}.png`, size: png.length },
  })
  made.push({ collection: 'media', id: doc.id })
  return doc
}

/** What each caller gets for the image: its record, whether the list shows it, and its file. */
async function seenBy(caller: { token: string } | null, media: { id: number; filename?: string | null }) {
  const headers = caller ? bearer(caller) : {}
  const record = await getJson(`/api/cms/media/${media.id}?depth=0`, { headers })
  const list = await getJson(`/api/cms/media?depth=0&limit=0&where[id][equals]=${media.id}`, { headers })
  const file = await fetch(`${BASE_URL}/media/images/${encodeURIComponent(media.filename!)}`, { headers })
  return { record: record.status, listed: list.body?.docs?.length ?? 0, file: file.status, cache: file.headers.get('cache-control') }
}

beforeAll(async () => {
  payload = await testPayload()
  ;[customer, seller] = await Promise.all([createCustomer('covers'), loginSeller()])
})

afterAll(async () => {
  for (const { collection, id } of made.reverse()) await payload.delete({ collection, id })
  await closeTestPayload()
})

describe('images of releases not out yet', () => {
  it('are the seller’s until the album is published, then everyone’s', async () => {
    const cover = await image('unreleased-cover')
    const album = await payload.create({
      collection: 'music-groups',
      data: { title: `Bald ${suffix}`, form: 'album', cover: cover.id, _status: 'draft' },
      draft: true,
    })
    made.push({ collection: 'music-groups', id: album.id })

    for (const caller of [null, customer]) expect(await seenBy(caller, cover)).toMatchObject({ record: 404, listed: 0, file: 404 })
    expect(await seenBy(seller, cover)).toMatchObject({ record: 200, listed: 1, file: 200, cache: 'private, no-store' })

    await payload.update({ collection: 'music-groups', id: album.id, data: { _status: 'published' } })
    for (const caller of [null, customer, seller]) expect(await seenBy(caller, cover)).toMatchObject({ record: 200, listed: 1, file: 200 })
  })

  it('a published album’s new cover in its newest draft stays the seller’s; its published cover stays public', async () => {
    const published = await image('published-cover')
    const next = await image('next-cover')
    const album = await payload.create({
      collection: 'music-groups',
      data: { title: `Jetzt ${suffix}`, form: 'album', cover: published.id, _status: 'published' },
    })
    made.push({ collection: 'music-groups', id: album.id })
    await payload.update({ collection: 'music-groups', id: album.id, data: { cover: next.id }, draft: true })

    expect(await seenBy(null, published)).toMatchObject({ record: 200, listed: 1, file: 200 })
    expect(await seenBy(null, next)).toMatchObject({ record: 404, listed: 0, file: 404 })
    expect(await seenBy(seller, next)).toMatchObject({ record: 200, listed: 1, file: 200 })
  })

  it('a draft news item’s image is hidden too; an image nothing uses stays public as before', async () => {
    const picture = await image('news-picture')
    const loose = await image('loose-picture')
    const news = await payload.create({
      collection: 'news',
      data: { title: `Entwurf ${suffix}`, image: picture.id, date: new Date().toISOString(), _status: 'draft' },
      draft: true,
    })
    made.push({ collection: 'news', id: news.id })
    expect(await seenBy(null, picture)).toMatchObject({ record: 404, listed: 0, file: 404 })
    expect(await seenBy(null, loose)).toMatchObject({ record: 200, listed: 1, file: 200 })
  })
})
