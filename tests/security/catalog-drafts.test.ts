import { randomBytes } from 'node:crypto'
import type { CollectionSlug } from 'payload'
import { silentWav } from '../support/audio'
import { getJson } from '../support/http'
import { closeTestPayload, testPayload } from '../support/payload'
import { bearer, createCustomer, loginSeller, type TestCustomer } from '../support/users'

/**
 * Issue 32: tracks, albums and news have drafts. Nothing of a draft reaches a visitor or a
 * customer: not the storefront's pages and catalog API, not the sitemap, not Payload's REST
 * (also not with ?draft=true, nor its versions), not the cached pages and reads. Every draft
 * text carries MARK; no answer to anyone but the seller may contain it. The seller previews.
 */

const suffix = randomBytes(4).toString('hex')
const MARK = `Unveroeffentlicht${suffix}`
const ENGLISH = { 'Accept-Language': 'en-GB,en;q=0.9' }
const ENGLISH_PAGE = { Cookie: 'lang=en' }

const created: { collection: CollectionSlug; id: number }[] = []
const ids = {} as {
  category: number
  publishedTrack: number
  draftTrack: number
  draftAlbum: number
  publishedAlbum: number
  draftNews: number
  publishedNews: number
}
let customer: TestCustomer
let seller: { token: string }

beforeAll(async () => {
  const payload = await testPayload()
  ;[customer, seller] = await Promise.all([createCustomer('drafts'), loginSeller()])
  const wav = silentWav()
  const audio = await payload.create({
    collection: 'audio',
    data: { title: `Drafts ${suffix}`, purpose: 'track' },
    file: { data: wav, mimetype: 'audio/wav', name: `drafts-${suffix}.wav`, size: wav.length },
  })
  created.push({ collection: 'audio', id: audio.id })
  const make = async <T extends { id: number }>(collection: CollectionSlug, doc: Promise<T>) => {
    const made = await doc
    created.push({ collection, id: made.id })
    return made.id
  }
  ids.category = await make('categories', payload.create({ collection: 'categories', locale: 'de', data: { title: `Entwurfsprobe ${suffix}` } }))
  const track = (title: string, _status: 'draft' | 'published') =>
    make('tracks', payload.create({ collection: 'tracks', locale: 'de', data: { title, audio: audio.id, categories: [ids.category], _status } }))
  ids.publishedTrack = await track(`Veröffentlicht ${suffix}`, 'published')
  ids.draftTrack = await track(`Titel ${MARK}`, 'draft')

  const tracks = [ids.publishedTrack, ids.draftTrack]
  ids.draftAlbum = await make(
    'music-groups',
    payload.create({ collection: 'music-groups', locale: 'de', data: { title: `Album ${MARK}`, form: 'album', tracks, _status: 'draft' } }),
  )
  ids.publishedAlbum = await make(
    'music-groups',
    payload.create({ collection: 'music-groups', locale: 'de', data: { title: `Album ${suffix}`, form: 'album', tracks, _status: 'published' } }),
  )
  // A published album the seller is reworking: the new title waits in a draft.
  await payload.update({ collection: 'music-groups', id: ids.publishedAlbum, locale: 'de', draft: true, data: { title: `Neuer Titel ${MARK}` } })

  ids.draftNews = await make(
    'news',
    payload.create({ collection: 'news', locale: 'de', data: { title: `Nachricht ${MARK}`, date: new Date().toISOString(), _status: 'draft' } }),
  )
  ids.publishedNews = await make(
    'news',
    payload.create({ collection: 'news', locale: 'de', data: { title: `Nachricht ${suffix}`, date: new Date().toISOString(), _status: 'published' } }),
  )
  await payload.update({ collection: 'news', id: ids.publishedNews, locale: 'de', draft: true, data: { title: `Neue Nachricht ${MARK}` } })
})

afterAll(async () => {
  const payload = await testPayload()
  for (const { collection, id } of created.reverse()) await payload.delete({ collection, id })
  await closeTestPayload()
})

const text = (body: unknown) => (typeof body === 'string' ? body : JSON.stringify(body))

/** Each visitor-facing route, with the status it must answer; none may show MARK. */
const visitorRoutes = (): [string, number, Record<string, string>?][] => [
  ['/api/music/tracks/', 200],
  ['/api/music/tracks/', 200, ENGLISH],
  ['/api/music/music-groups/', 200],
  [`/api/music/music-groups/${ids.draftAlbum}/`, 404],
  [`/api/music/music-groups/${ids.publishedAlbum}/`, 200],
  ['/api/music/categories/', 200],
  [`/api/music/categories/${ids.category}/`, 200],
  [`/api/music/categories/${ids.category}/tracks/`, 200],
  ['/api/music/news/', 200],
  ['/music/news/', 200],
  [`/api/music/news/${ids.draftNews}/`, 404],
  [`/api/music/news/${ids.publishedNews}/`, 200],
  ['/', 200],
  ['/music', 200],
  ['/music?tab=singles', 200],
  ['/music', 200, ENGLISH_PAGE],
  [`/music-group/${ids.draftAlbum}`, 404],
  [`/music-group/${ids.publishedAlbum}`, 200],
  [`/category/${ids.category}`, 200],
  ['/news', 200],
  [`/news/${ids.draftNews}`, 404],
  [`/news/${ids.publishedNews}`, 200],
  ['/sitemap.xml', 200],
]

/** Payload's REST API: lists, documents, drafts asked for, versions, counts, joins and populated relations. */
const restRoutes = (): string[] => [
  '/api/cms/tracks?limit=0&depth=0',
  `/api/cms/tracks/${ids.draftTrack}`,
  `/api/cms/tracks/${ids.draftTrack}?draft=true`,
  '/api/cms/tracks?draft=true&limit=0&depth=0',
  '/api/cms/music-groups?limit=0&depth=1',
  '/api/cms/music-groups?draft=true&limit=0&depth=1',
  `/api/cms/music-groups/${ids.draftAlbum}?draft=true`,
  `/api/cms/music-groups/${ids.publishedAlbum}?draft=true&depth=1`,
  `/api/cms/music-groups/${ids.publishedAlbum}?depth=2`,
  '/api/cms/news?draft=true&limit=0',
  `/api/cms/news/${ids.draftNews}`,
  `/api/cms/news/${ids.publishedNews}?draft=true`,
  `/api/cms/categories/${ids.category}?depth=1`,
  '/api/cms/tracks/versions?limit=0',
  '/api/cms/music-groups/versions?limit=0',
  '/api/cms/news/versions?limit=0',
  `/api/cms/music-groups/versions?where[parent][equals]=${ids.publishedAlbum}`,
  `/api/cms/news/count?draft=true&where[title][like]=${MARK}`,
]

describe('a draft never reaches a visitor', () => {
  it('no storefront page, catalog call or sitemap shows a draft, in either language, read twice (cached)', async () => {
    for (const round of ['first read', 'cached read']) {
      for (const [path, status, headers] of visitorRoutes()) {
        const answer = await getJson(path, { headers })
        const what = `${round}: GET ${path} ${JSON.stringify(headers ?? {})}`
        expect({ what, status: answer.status, leaks: text(answer.body).includes(MARK) }).toEqual({ what, status, leaks: false })
      }
    }
  })

  it('the published album lists only its published track; the category counts only that one', async () => {
    const album = await getJson(`/api/music/music-groups/${ids.publishedAlbum}/`)
    expect(album.body.title).toBe(`Album ${suffix}`)
    expect(album.body.tracks.map((track: { id: number }) => track.id)).toEqual([ids.publishedTrack])
    expect((await getJson(`/api/music/categories/${ids.category}/`)).body.track_count).toBe(1)
    const tracks = (await getJson(`/api/music/categories/${ids.category}/tracks/`)).body as { id: number }[]
    expect(tracks.map((track) => track.id)).toEqual([ids.publishedTrack])
    const sitemap = text((await getJson('/sitemap.xml')).body)
    expect(sitemap).toContain(`/music-group/${ids.publishedAlbum}<`)
    expect(sitemap).not.toContain(`/music-group/${ids.draftAlbum}<`)
    expect(sitemap).not.toContain(`/news/${ids.draftNews}<`)
  })

  it.each(['anonymous', 'customer'] as const)("Payload's REST API shows the %s caller no draft, not with ?draft=true, not in versions", async (caller) => {
    const headers = caller === 'customer' ? bearer(customer) : {}
    for (const path of restRoutes()) {
      const answer = await getJson(path, { headers })
      const what = `${caller}: GET ${path} answered ${answer.status}`
      expect({ what, leaks: text(answer.body).includes(MARK), serverError: answer.status >= 500 }).toEqual({ what, leaks: false, serverError: false })
      if (path.includes('/versions')) expect({ what, refused: [401, 403].includes(answer.status) }).toEqual({ what, refused: true })
    }
    for (const id of [ids.draftAlbum]) expect((await getJson(`/api/cms/music-groups/${id}`, { headers })).status).toBe(404)
    const count = await getJson(`/api/cms/news/count?where[title][like]=${MARK}`, { headers })
    expect(count.body.totalDocs).toBe(0)
  })

  it('the seller reads the drafts through REST', async () => {
    const album = await getJson(`/api/cms/music-groups/${ids.draftAlbum}?locale=de`, { headers: bearer(seller) })
    expect(album.status).toBe(200)
    expect(album.body.title).toBe(`Album ${MARK}`)
    const reworked = await getJson(`/api/cms/music-groups/${ids.publishedAlbum}?locale=de&draft=true`, { headers: bearer(seller) })
    expect(reworked.body.title).toBe(`Neuer Titel ${MARK}`)
    const versions = await getJson(`/api/cms/music-groups/versions?where[parent][equals]=${ids.publishedAlbum}`, { headers: bearer(seller) })
    expect(versions.status).toBe(200)
    expect(versions.body.totalDocs).toBeGreaterThanOrEqual(2)
  })
})

describe("the seller's preview", () => {
  const previewCookie = async (path: string) => {
    const answer = await getJson(`/api/preview/?path=${encodeURIComponent(path)}`, { headers: bearer(seller) })
    expect({ status: answer.status, location: answer.headers.get('location') }).toEqual({ status: 307, location: path })
    const cookie = answer.headers.getSetCookie().find((each) => each.startsWith('__prerender_bypass='))
    expect(cookie).toBeDefined()
    return cookie!.split(';')[0]!
  }

  it('shows her the newest draft of an album and a news item, marked as a preview', async () => {
    for (const [path, title] of [
      [`/music-group/${ids.draftAlbum}`, `Album ${MARK}`],
      [`/music-group/${ids.publishedAlbum}`, `Neuer Titel ${MARK}`],
      [`/news/${ids.draftNews}`, `Nachricht ${MARK}`],
      [`/news/${ids.publishedNews}`, `Neue Nachricht ${MARK}`],
    ]) {
      const cookie = await previewCookie(path)
      const page = await getJson(path, { headers: { ...bearer(seller), Cookie: cookie } })
      expect({ path, status: page.status }).toEqual({ path, status: 200 })
      expect(text(page.body)).toContain(title)
      expect(text(page.body)).toContain('Vorschau für Sie')
    }
  })

  it('the preview cookie without her login shows nothing unpublished; nobody else may switch it on; a bad path is refused', async () => {
    const cookie = await previewCookie(`/music-group/${ids.draftAlbum}`)
    expect((await getJson(`/music-group/${ids.draftAlbum}`, { headers: { Cookie: cookie } })).status).toBe(404)
    expect((await getJson(`/music-group/${ids.draftAlbum}`, { headers: { ...bearer(customer), Cookie: cookie } })).status).toBe(404)
    const published = await getJson(`/music-group/${ids.publishedAlbum}`, { headers: { Cookie: cookie } })
    expect(text(published.body)).not.toContain(MARK)

    const path = encodeURIComponent(`/music-group/${ids.draftAlbum}`)
    for (const headers of [{}, bearer(customer)]) {
      const refused = await getJson(`/api/preview/?path=${path}`, { headers })
      expect(refused.status).toBe(403)
      expect(refused.headers.get('set-cookie') ?? '').not.toContain('__prerender_bypass')
    }
    for (const bad of ['https://evil.example/', '/account', `/music-group/${ids.draftAlbum}/../../admin`, '']) {
      const answer = await getJson(`/api/preview/?path=${encodeURIComponent(bad)}`, { headers: bearer(seller) })
      expect({ bad, status: answer.status, detail: typeof answer.body?.detail }).toEqual({ bad, status: 400, detail: 'string' })
    }
  })
})
