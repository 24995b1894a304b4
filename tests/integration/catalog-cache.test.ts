import { randomBytes } from 'node:crypto'
import { sql } from '@payloadcms/db-postgres'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import type { CollectionSlug } from 'payload'
import { CATALOG_LISTENER_NAME } from '@/catalog/sources'
import { formatPrice } from '@/i18n/format-price'
import { silentWav } from '../support/audio'
import { getJson } from '../support/http'
import { richText } from '../support/rich-text'
import { closeTestPayload, testPayload } from '../support/payload'

/**
 * The storefront reads its catalog from a cache (src/catalog/cache.ts). These tests change the
 * catalog the way another process does (this Jest process, through Payload's Local API, on the
 * shop's database) and read the running shop right after each change, without waiting or
 * retrying: the change must show at once, on the page and in the catalog call. Every page and
 * call is read before the change too, so the old answer was cached.
 */

const suffix = randomBytes(4).toString('hex')
const ENGLISH = { 'Accept-Language': 'en-GB,en;q=0.9' }
const ENGLISH_PAGE = { Cookie: 'lang=en' }

const created: { collection: CollectionSlug; id: number }[] = []
const fixtures = {} as { audio: number; track: number; pkg: number; news: number }

async function page(path: string, headers: Record<string, string> = {}): Promise<string> {
  const { status, body } = await getJson(path, { headers })
  expect({ path, status }).toEqual({ path, status: 200 })
  return body as string
}

beforeAll(async () => {
  const payload = await testPayload()
  const wav = silentWav()
  const audio = await payload.create({
    collection: 'audio',
    data: { title: `Cache ${suffix}`, purpose: 'track' },
    file: { data: wav, mimetype: 'audio/wav', name: `cache-track-${suffix}.wav`, size: wav.length },
  })
  created.push({ collection: 'audio', id: audio.id })
  const track = await payload.create({ collection: 'tracks', locale: 'de', data: { title: `Stille ${suffix}`, audio: audio.id, _status: 'published' } })
  await payload.update({ collection: 'tracks', id: track.id, locale: 'en', data: { title: `Silence ${suffix}` } })
  created.push({ collection: 'tracks', id: track.id })

  const pkg = await payload.create({
    collection: 'packages',
    locale: 'de',
    data: {
      slug: `cache-${suffix}`,
      name: `Cachepaket ${suffix}`,
      price: 11.5,
      highlights: 'Eins',
      color_class: 'indigo',
      turnaround_days: 10,
      revisions_included: 1,
    },
  })
  await payload.update({ collection: 'packages', id: pkg.id, locale: 'en', data: { name: `Cache package ${suffix}` } })
  created.push({ collection: 'packages', id: pkg.id })

  const news = await payload.create({
    collection: 'news',
    locale: 'de',
    data: { title: `Nachricht ${suffix}`, date: '2021-03-01T10:00:00.000Z', content: richText(`Erster Stand ${suffix}.`), _status: 'published' },
  })
  await payload.update({
    collection: 'news',
    id: news.id,
    locale: 'en',
    data: { title: `News ${suffix}`, content: richText(`First version ${suffix}.`) },
  })
  created.push({ collection: 'news', id: news.id })
  fixtures.audio = audio.id
  fixtures.track = track.id
  fixtures.pkg = pkg.id
  fixtures.news = news.id
})

afterAll(async () => {
  const payload = await testPayload()
  for (const { collection, id } of created.reverse()) await payload.delete({ collection, id })
  await closeTestPayload()
})

const trackTitle = async (headers: Record<string, string> = {}) =>
  ((await getJson('/api/music/tracks/', { headers })).body as { id: number; title: string }[]).find(({ id }) => id === fixtures.track)?.title
const packagePrice = async () => ((await getJson('/api/packages/')).body as { id: number; price: number }[]).find(({ id }) => id === fixtures.pkg)?.price
const newsHtml = async (headers: Record<string, string> = {}) =>
  ((await getJson(`/api/music/news/${fixtures.news}/`, { headers })).body as { html_content: string }).html_content

describe('a change through Payload', () => {
  it("shows a track's new title at once on /music and in /api/music/tracks/", async () => {
    expect(await page('/music')).toContain(`Stille ${suffix}`)
    expect(await trackTitle()).toBe(`Stille ${suffix}`)

    const payload = await testPayload()
    await payload.update({ collection: 'tracks', id: fixtures.track, locale: 'de', data: { title: `Ruhe ${suffix}` } })

    expect(await trackTitle()).toBe(`Ruhe ${suffix}`)
    const html = await page('/music')
    expect(html).toContain(`Ruhe ${suffix}`)
    expect(html).not.toContain(`Stille ${suffix}`)
  })

  it("shows a package's new price at once in the package chooser and in /api/packages/", async () => {
    expect(await page('/custom-songs')).toContain(formatPrice(11.5, 'de'))
    expect(await packagePrice()).toBe(11.5)

    const payload = await testPayload()
    await payload.update({ collection: 'packages', id: fixtures.pkg, data: { price: 17.25 } })

    expect(await packagePrice()).toBe(17.25)
    const html = await page('/custom-songs')
    expect(html).toContain(formatPrice(17.25, 'de'))
    expect(html).not.toContain(formatPrice(11.5, 'de'))
  })

  it("shows a news article's new text at once on its page and in /api/music/news/{id}/", async () => {
    expect(await page(`/news/${fixtures.news}`)).toContain(`Erster Stand ${suffix}.`)
    expect(await newsHtml()).toContain(`Erster Stand ${suffix}.`)

    const payload = await testPayload()
    await payload.update({ collection: 'news', id: fixtures.news, locale: 'de', data: { content: richText(`Neuer Stand ${suffix}.`) } })

    expect(await newsHtml()).toContain(`Neuer Stand ${suffix}.`)
    const html = await page(`/news/${fixtures.news}`)
    expect(html).toContain(`Neuer Stand ${suffix}.`)
    expect(html).not.toContain(`Erster Stand ${suffix}.`)
  })

  it('removes a deleted track at once', async () => {
    const payload = await testPayload()
    const extra = await payload.create({
      collection: 'tracks',
      locale: 'de',
      data: { title: `Vergänglich ${suffix}`, audio: fixtures.audio, _status: 'published' },
    })
    expect(await page('/music')).toContain(`Vergänglich ${suffix}`)
    await payload.delete({ collection: 'tracks', id: extra.id })
    expect(await page('/music')).not.toContain(`Vergänglich ${suffix}`)
    expect(((await getJson('/api/music/tracks/')).body as { id: number }[]).some(({ id }) => id === extra.id)).toBe(false)
  })
})

describe('German and English visitors', () => {
  it('never get each other’s cached catalog calls', async () => {
    // Alternating, so that each language's second answer comes from the cache the other filled.
    for (let round = 0; round < 2; round++) {
      const english = await getJson('/api/music/tracks/', { headers: ENGLISH })
      expect(english.headers.get('content-language')).toBe('en')
      const englishTitle = (english.body as { id: number; title: string }[]).find(({ id }) => id === fixtures.track)?.title
      expect(englishTitle).toBe(`Silence ${suffix}`)
      expect(await trackTitle()).toMatch(/^(Stille|Ruhe) /)

      expect(await newsHtml(ENGLISH)).toContain(`First version ${suffix}.`)
      expect(await newsHtml()).not.toContain(`First version ${suffix}.`)
      expect((await getJson('/api/packages/?locale=en')).body.find(({ id }: { id: number }) => id === fixtures.pkg)?.name).toBe(`Cache package ${suffix}`)
      expect((await getJson('/api/packages/?locale=de')).body.find(({ id }: { id: number }) => id === fixtures.pkg)?.name).toBe(`Cachepaket ${suffix}`)
    }
  })

  it('never get each other’s cached pages', async () => {
    for (let round = 0; round < 2; round++) {
      const english = await page('/music', ENGLISH_PAGE)
      expect(english).toContain(`Silence ${suffix}`)
      expect(english).not.toMatch(new RegExp(`(Stille|Ruhe) ${suffix}`))
      expect(english).toContain('<html lang="en"')
      const german = await page('/music')
      expect(german).toMatch(new RegExp(`(Stille|Ruhe) ${suffix}`))
      expect(german).not.toContain(`Silence ${suffix}`)
      expect(german).toContain('<html lang="de"')

      expect(await page(`/news/${fixtures.news}`, ENGLISH_PAGE)).toContain(`News ${suffix}`)
      expect(await page(`/news/${fixtures.news}`)).toContain(`Nachricht ${suffix}`)
      expect(await page('/custom-songs', ENGLISH_PAGE)).toContain(`Cache package ${suffix}`)
      expect(await page('/custom-songs')).not.toContain(`Cache package ${suffix}`)
    }
  })
})

describe('a lost change feed', () => {
  it('never leaves a stale answer, and changes show at once again after it reconnects', async () => {
    const payload = await testPayload()
    const database = (payload.db as unknown as PostgresAdapter).drizzle
    expect(await trackTitle()).toMatch(/^(Stille|Ruhe) /)

    // The server's listening connection (src/catalog/change-feed.ts) is cut by the database.
    const { rows } = await database.execute<{ ended: boolean }>(
      sql`select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = ${CATALOG_LISTENER_NAME}`,
    )
    expect(rows.length).toBeGreaterThan(0)
    // Changed while nobody listens (a moment after the cut, which the server hears of as the
    // connection closes): the server must not keep answering from its cache.
    await new Promise((resolve) => setTimeout(resolve, 100))
    await payload.update({ collection: 'tracks', id: fixtures.track, locale: 'de', data: { title: `Ungehört ${suffix}` } })
    expect(await trackTitle()).toBe(`Ungehört ${suffix}`)

    // Within its reconnect delay (1 s) it listens again, and cached answers follow changes at once.
    await new Promise((resolve) => setTimeout(resolve, 2000))
    const listening = await database.execute(sql`select 1 from pg_stat_activity where application_name = ${CATALOG_LISTENER_NAME}`)
    expect(listening.rows.length).toBeGreaterThan(0)
    expect(await trackTitle()).toBe(`Ungehört ${suffix}`)
    expect(await trackTitle()).toBe(`Ungehört ${suffix}`)
    await payload.update({ collection: 'tracks', id: fixtures.track, locale: 'de', data: { title: `Wieder gehört ${suffix}` } })
    expect(await trackTitle()).toBe(`Wieder gehört ${suffix}`)
  })
})
