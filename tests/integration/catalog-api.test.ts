import { randomBytes } from 'node:crypto'
import type { CollectionSlug } from 'payload'
import sharp from 'sharp'
import { silentWav } from '../support/audio'
import { getJson } from '../support/http'
import { richText } from '../support/rich-text'
import { closeTestPayload, testPayload } from '../support/payload'

/**
 * The storefront's catalog API (spec sections 3 and 7) against the running shop and its real
 * database. Fixtures are created here through the Local API and removed again afterwards.
 */

const suffix = randomBytes(4).toString('hex')
const ENGLISH = { 'Accept-Language': 'en-GB,en;q=0.9,de;q=0.5' }

const tinyPng = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 40, g: 120, b: 160 } } })
    .png()
    .toBuffer()

const created: { collection: CollectionSlug; id: number }[] = []
async function create<T extends { id: number }>(make: () => Promise<T>, collection: CollectionSlug): Promise<T> {
  const doc = await make()
  created.push({ collection, id: doc.id })
  return doc
}

const fixtures = {} as {
  cover: { id: number; url: string }
  audio: { id: number; url: string }
  calm: { id: number } // category with German and English texts, two tracks
  rain: { id: number } // category with German texts only, one track
  empty: { id: number } // category without tracks
  tracks: { a: number; b: number; c: number }
  album: { id: number }
  news: { older: number; newer: number }
  pkg: { id: number }
  useType: { id: number }
  theme: { id: number }
}

beforeAll(async () => {
  const payload = await testPayload()
  const png = await tinyPng()
  const cover = await create(
    () =>
      payload.create({
        collection: 'media',
        data: { alt: `Cover ${suffix}` },
        file: { data: png, mimetype: 'image/png', name: `catalog-cover-${suffix}.png`, size: png.length },
      }),
    'media',
  )
  const wav = silentWav()
  const audio = await create(
    () =>
      payload.create({
        collection: 'audio',
        data: { title: `Audio ${suffix}`, purpose: 'track' },
        file: { data: wav, mimetype: 'audio/wav', name: `catalog-track-${suffix}.wav`, size: wav.length },
      }),
    'audio',
  )
  fixtures.cover = { id: cover.id, url: cover.url! }
  fixtures.audio = { id: audio.id, url: audio.url! }

  const calm = await create(
    () =>
      payload.create({
        collection: 'categories',
        locale: 'de',
        data: { title: `Ruhe ${suffix}`, description: `Zum Ausruhen ${suffix}`, cover: cover.id },
      }),
    'categories',
  )
  await payload.update({
    collection: 'categories',
    id: calm.id,
    locale: 'en',
    data: { title: `Calm ${suffix}`, description: `For resting ${suffix}` },
  })
  const rain = await create(() => payload.create({ collection: 'categories', locale: 'de', data: { title: `Regen ${suffix}` } }), 'categories')
  const empty = await create(() => payload.create({ collection: 'categories', locale: 'de', data: { title: `Leer ${suffix}` } }), 'categories')
  fixtures.calm = calm
  fixtures.rain = rain
  fixtures.empty = empty

  const track = (title: string, categories: number[]) =>
    create(
      () => payload.create({ collection: 'tracks', locale: 'de', data: { title, audio: audio.id, cover: cover.id, categories, _status: 'published' } }),
      'tracks',
    )
  // Titles sort a < b < c; the album keeps its own order c, a, b.
  const a = await track(`${suffix} a Morgen`, [calm.id])
  const b = await track(`${suffix} b Mittag`, [calm.id, rain.id])
  const c = await track(`${suffix} c Abend`, [])
  fixtures.tracks = { a: a.id, b: b.id, c: c.id }

  fixtures.album = await create(
    () =>
      payload.create({
        collection: 'music-groups',
        locale: 'de',
        data: { title: `Album ${suffix}`, form: 'album', description: 'Drei Stücke', cover: cover.id, tracks: [c.id, a.id, b.id], _status: 'published' },
      }),
    'music-groups',
  )

  const older = await create(
    () =>
      payload.create({
        collection: 'news',
        locale: 'de',
        data: {
          title: `Alte Nachricht ${suffix}`,
          date: '2020-01-15T10:00:00.000Z',
          category: 'Konzert',
          content: richText('Erster Absatz.', '<script>alert("x")</script> bleibt Text.'),
          youtube: 'https://youtu.be/dQw4w9WgXcQ',
          _status: 'published',
        },
      }),
    'news',
  )
  await payload.update({
    collection: 'news',
    id: older.id,
    locale: 'en',
    data: { title: `Old news ${suffix}`, category: 'Concert', content: richText('First paragraph.') },
  })
  const newer = await create(
    () =>
      payload.create({
        collection: 'news',
        locale: 'de',
        data: { title: `Neue Nachricht ${suffix}`, date: '2020-06-15T10:00:00.000Z', is_new: true, image: cover.id, _status: 'published' },
      }),
    'news',
  )
  fixtures.news = { older: older.id, newer: newer.id }

  fixtures.pkg = await create(
    () =>
      payload.create({
        collection: 'packages',
        locale: 'de',
        data: {
          slug: `test-${suffix}`,
          name: `Testpaket ${suffix}`,
          price: 12.5,
          highlights: '  Eine Stimme \n\n Zwei Spuren\r\nDrei Wochen  \n',
          color_class: 'indigo',
          allows_recording: true,
          turnaround_days: 10,
          revisions_included: 1,
          image: cover.id,
        },
      }),
    'packages',
  )
  await payload.update({ collection: 'packages', id: fixtures.pkg.id, locale: 'en', data: { name: `Test package ${suffix}` } })

  fixtures.useType = await create(
    () =>
      payload.create({
        collection: 'use-types',
        locale: 'de',
        data: { slug: `schlaf-${suffix}`, label: `Schlaf ${suffix}`, icon: '🌙', color_class: 'sky' },
      }),
    'use-types',
  )
  await payload.update({ collection: 'use-types', id: fixtures.useType.id, locale: 'en', data: { label: `Sleep ${suffix}` } })
  // No English label: English readers get the German one.
  fixtures.theme = await create(
    () => payload.create({ collection: 'focus-themes', locale: 'de', data: { slug: `mut-${suffix}`, label: `Mut ${suffix}`, icon: '🦁' } }),
    'focus-themes',
  )
})

afterAll(async () => {
  const payload = await testPayload()
  for (const { collection, id } of created.reverse()) await payload.delete({ collection, id })
  await closeTestPayload()
})

/** The item with that id from a JSON list (fields typed loosely: they are what the test checks). */
const byId = (items: { id: number }[], id: number): Record<string, any> | undefined => items.find((item) => item.id === id)

describe('every catalog endpoint', () => {
  const paths = () => [
    '/api/music/categories',
    `/api/music/categories/${fixtures.calm.id}`,
    `/api/music/categories/${fixtures.calm.id}/tracks`,
    '/api/music/tracks',
    '/api/music/music-groups',
    `/api/music/music-groups/${fixtures.album.id}`,
    '/api/music/news',
    `/api/music/news/${fixtures.news.older}`,
    '/music/news',
    '/api/packages',
    '/api/usetypes',
    '/api/focusthemes',
  ]

  it('answers with and without the trailing slash, directly (no redirect), as JSON that caches must revalidate', async () => {
    for (const path of paths()) {
      for (const url of [`${path}/`, path]) {
        const { status, headers, body } = await getJson(url)
        expect({ url, status }).toEqual({ url, status: 200 })
        expect(headers.get('content-type')).toMatch(/^application\/json/)
        expect(headers.get('content-language')).toBe('de')
        expect(headers.get('vary')).toMatch(/Accept-Language/i)
        // Shared caches may store it, but ask every time: a change shows at once, never after a lifetime.
        expect(headers.get('cache-control')).toBe('public, no-cache')
        expect(headers.get('etag')).toMatch(/^"[\w-]+"$/)
        expect(typeof body).toBe('object')
      }
    }
  })

  it('answers a revalidation with 304 while the data is unchanged, and with the data once it changed', async () => {
    // This file's own category, not a list: suites running beside this one add records of their own.
    const calm = `/api/music/categories/${fixtures.calm.id}/`
    const first = await getJson(calm)
    const etag = first.headers.get('etag')!
    const again = await getJson(calm, { headers: { 'If-None-Match': etag } })
    expect(again.status).toBe(304)
    expect(again.headers.get('etag')).toBe(etag)
    const english = await getJson(calm, { headers: { 'If-None-Match': etag, ...ENGLISH } })
    expect(english.status).toBe(200)
    expect(english.headers.get('etag')).not.toBe(etag)

    const payload = await testPayload()
    const update = (description: string) => payload.update({ collection: 'categories', id: fixtures.calm.id, locale: 'de', data: { description } })
    await update(`Zum Schlafen ${suffix}`)
    const changed = await getJson(calm, { headers: { 'If-None-Match': etag } })
    expect(changed.status).toBe(200)
    expect(changed.body.description).toBe(`Zum Schlafen ${suffix}`)
    await update(`Zum Ausruhen ${suffix}`)
  })

  it('answers an unsupported method with 405', async () => {
    // JSON, so that the write check in front (415 for other bodies) lets it reach the route.
    const { status } = await getJson('/api/packages/', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })
    expect(status).toBe(405)
  })
})

describe('categories', () => {
  it('lists categories in the seller’s order with exactly the spec’s fields and correct track counts', async () => {
    const { body } = await getJson('/api/music/categories/')
    const calm = byId(body, fixtures.calm.id)
    expect(calm).toEqual({
      id: fixtures.calm.id,
      title: `Ruhe ${suffix}`,
      description: `Zum Ausruhen ${suffix}`,
      cover: fixtures.cover.url,
      track_count: 2,
    })
    expect(byId(body, fixtures.rain.id)?.track_count).toBe(1)
    expect(byId(body, fixtures.empty.id)?.track_count).toBe(0)
    const ids = body.map((category: { id: number }) => category.id)
    expect(ids.indexOf(fixtures.calm.id)).toBeLessThan(ids.indexOf(fixtures.rain.id))
    expect(ids.indexOf(fixtures.rain.id)).toBeLessThan(ids.indexOf(fixtures.empty.id))
  })

  it('speaks English for Accept-Language en and for ?locale=en, and falls back to German where English is empty', async () => {
    const english = await getJson('/api/music/categories/', { headers: ENGLISH })
    expect(english.headers.get('content-language')).toBe('en')
    expect(byId(english.body, fixtures.calm.id)?.title).toBe(`Calm ${suffix}`)
    expect(byId(english.body, fixtures.rain.id)?.title).toBe(`Regen ${suffix}`)

    const byQuery = await getJson(`/api/music/categories/${fixtures.calm.id}/?locale=en`)
    expect(byQuery.body.title).toBe(`Calm ${suffix}`)
    expect(byQuery.headers.get('content-language')).toBe('en')

    const queryWins = await getJson(`/api/music/categories/${fixtures.calm.id}/?locale=de`, { headers: ENGLISH })
    expect(queryWins.body.title).toBe(`Ruhe ${suffix}`)
  })

  it('shows one category with its track count', async () => {
    const { status, body } = await getJson(`/api/music/categories/${fixtures.calm.id}/`, { headers: ENGLISH })
    expect(status).toBe(200)
    expect(body).toEqual({
      id: fixtures.calm.id,
      title: `Calm ${suffix}`,
      description: `For resting ${suffix}`,
      cover: fixtures.cover.url,
      track_count: 2,
    })
  })

  it("lists a category's tracks by title, and [] for a category without tracks", async () => {
    const { body } = await getJson(`/api/music/categories/${fixtures.calm.id}/tracks/`)
    expect(body.map((track: { id: number }) => track.id)).toEqual([fixtures.tracks.a, fixtures.tracks.b])
    expect((await getJson(`/api/music/categories/${fixtures.rain.id}/tracks/`)).body.map((t: { id: number }) => t.id)).toEqual([fixtures.tracks.b])
    expect((await getJson(`/api/music/categories/${fixtures.empty.id}/tracks/`)).body).toEqual([])
  })
})

describe('tracks', () => {
  it('lists all tracks by title with playable audio and duration', async () => {
    const { body } = await getJson('/api/music/tracks/')
    const mine = body.filter((track: { title: string }) => track.title.startsWith(suffix))
    expect(mine.map((track: { id: number }) => track.id)).toEqual([fixtures.tracks.a, fixtures.tracks.b, fixtures.tracks.c])
    const { peaks, ...track } = mine[0]
    expect(track).toEqual({
      id: fixtures.tracks.a,
      title: `${suffix} a Morgen`,
      cover: fixtures.cover.url,
      audio: fixtures.audio.url,
      duration: 1,
      // Not for sale on its own (issue 33: tests/integration/catalog-sale.test.ts).
      sale: null,
    })
    // The waveform's URL once its job has run (tests/integration/audio-peaks.test.ts), null before.
    expect(peaks === null || /^\/api\/audio\/\d+\/peaks\/\?v=[0-9a-z]+$/.test(peaks)).toBe(true)
    expect(fixtures.audio.url).toMatch(/^\/media\/audio\/catalog-track-[0-9a-f]+\.wav$/)
    expect(fixtures.cover.url).toMatch(/^\/media\/images\/catalog-cover-[0-9a-f]+\.png$/)
  })
})

describe('music groups', () => {
  it('shows a group with its tracks in the stored (playing) order', async () => {
    const { status, body } = await getJson(`/api/music/music-groups/${fixtures.album.id}/`)
    expect(status).toBe(200)
    expect(Object.keys(body).sort()).toEqual(['cover', 'description', 'form', 'id', 'sale', 'title', 'tracks'])
    expect(body).toMatchObject({ id: fixtures.album.id, title: `Album ${suffix}`, form: 'album', description: 'Drei Stücke' })
    expect(body.cover).toBe(fixtures.cover.url)
    expect(body.tracks.map((track: { id: number }) => track.id)).toEqual([fixtures.tracks.c, fixtures.tracks.a, fixtures.tracks.b])
    expect(Object.keys(body.tracks[0]).sort()).toEqual(['audio', 'cover', 'duration', 'id', 'peaks', 'sale', 'title'])
    expect(body.tracks[0].audio).toBe(fixtures.audio.url)
  })

  it('lists groups with the same shape', async () => {
    // A track's waveform URL appears when its background job finishes, which may fall between
    // the two reads; everything else must be equal.
    const withoutPeaks = (group: Record<string, any> | undefined) =>
      group && { ...group, tracks: group.tracks.map(({ peaks: _peaks, ...track }: Record<string, unknown>) => track) }
    const single = (await getJson(`/api/music/music-groups/${fixtures.album.id}/`)).body
    const { body } = await getJson('/api/music/music-groups/')
    expect(withoutPeaks(byId(body, fixtures.album.id))).toEqual(withoutPeaks(single))
  })
})

describe('news', () => {
  it('lists news newest first with the spec’s fields, on /music/news/ without the /api prefix too', async () => {
    for (const path of ['/music/news/', '/api/music/news/']) {
      const { body } = await getJson(path)
      const ids = body.map((news: { id: number }) => news.id)
      expect(ids.indexOf(fixtures.news.newer)).toBeLessThan(ids.indexOf(fixtures.news.older))
      expect(byId(body, fixtures.news.newer)).toEqual({
        id: fixtures.news.newer,
        title: `Neue Nachricht ${suffix}`,
        image: fixtures.cover.url,
        category: '',
        date: '2020-06-15T10:00:00.000Z',
        html_content: '',
        is_new: true,
        youtube_url: null,
      })
    }
  })

  it('renders the rich text to HTML paragraphs on the server and keeps typed markup as text', async () => {
    const { body } = await getJson(`/api/music/news/${fixtures.news.older}/`)
    expect(body).toMatchObject({
      title: `Alte Nachricht ${suffix}`,
      category: 'Konzert',
      is_new: false,
      youtube_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      image: null,
    })
    expect(body.html_content).toContain('<p>Erster Absatz.</p>')
    expect(body.html_content).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; bleibt Text.')
    expect(body.html_content).not.toContain('<script')
  })

  it('gives the English article for Accept-Language en', async () => {
    const { body } = await getJson(`/api/music/news/${fixtures.news.older}/`, { headers: ENGLISH })
    expect(body).toMatchObject({ title: `Old news ${suffix}`, category: 'Concert', html_content: '<p>First paragraph.</p>' })
  })
})

describe('lookup lists', () => {
  it('lists packages with price as a number, highlights split per line and the recording flag', async () => {
    const { body } = await getJson('/api/packages/')
    expect(byId(body, fixtures.pkg.id)).toEqual({
      id: fixtures.pkg.id,
      slug: `test-${suffix}`,
      name: `Testpaket ${suffix}`,
      image: fixtures.cover.url,
      price: 12.5,
      highlights: ['Eine Stimme', 'Zwei Spuren', 'Drei Wochen'],
      color_class: 'indigo',
      allows_recording: true,
    })
    const english = await getJson('/api/packages/', { headers: ENGLISH })
    // Highlights are localized but have no English text here: German again.
    expect(byId(english.body, fixtures.pkg.id)).toMatchObject({
      name: `Test package ${suffix}`,
      highlights: ['Eine Stimme', 'Zwei Spuren', 'Drei Wochen'],
    })
  })

  it('lists use types in both languages', async () => {
    const german = byId((await getJson('/api/usetypes/')).body, fixtures.useType.id)
    expect(german).toEqual({ id: fixtures.useType.id, slug: `schlaf-${suffix}`, label: `Schlaf ${suffix}`, icon: '🌙', color_class: 'sky' })
    const english = byId((await getJson('/api/usetypes/', { headers: ENGLISH })).body, fixtures.useType.id)
    expect(english?.label).toBe(`Sleep ${suffix}`)
  })

  it('lists focus themes, in German where the English label is missing', async () => {
    const { headers, body } = await getJson('/api/focusthemes/', { headers: ENGLISH })
    expect(headers.get('content-language')).toBe('en')
    expect(byId(body, fixtures.theme.id)).toEqual({ id: fixtures.theme.id, slug: `mut-${suffix}`, label: `Mut ${suffix}`, icon: '🦁' })
  })
})

describe('unknown and malformed ids', () => {
  const detailPaths = (id: string) => [
    `/api/music/categories/${id}/`,
    `/api/music/categories/${id}/tracks/`,
    `/api/music/music-groups/${id}/`,
    `/api/music/news/${id}/`,
  ]

  it('answers 404 {detail: "Not found."} for an id that does not exist', async () => {
    for (const path of detailPaths('2147483646')) {
      const { status, body } = await getJson(path)
      expect({ path, status, body }).toEqual({ path, status: 404, body: { detail: 'Not found.' } })
    }
  })

  it.each(['abc', '-1', '1.5', '0', '1e3', '%20', '9'.repeat(400)])('answers 400 or 404 with JSON detail, never 500, for id %p', async (id) => {
    for (const path of detailPaths(id)) {
      const { status, body } = await getJson(path)
      expect([400, 404]).toContain(status)
      expect(typeof body.detail).toBe('string')
    }
  })
})
