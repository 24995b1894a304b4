import { randomBytes } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import { parse, validate } from 'fast-xml-parser'
import type { CollectionSlug } from 'payload'
import sharp from 'sharp'
import { silentWav } from '../support/audio'
import { EMBED_JS_BUDGET_KB } from '@/rules/embed'
import { BASE_URL, getJson } from '../support/http'
import { closeTestPayload, testPayload } from '../support/payload'

/**
 * Issue 34, "listening elsewhere": the embeddable player's pages, oEmbed for album and track URLs,
 * the Atom feed of news and releases and an album's podcast feed, against the running shop. Only
 * what a visitor may see appears anywhere: a draft album, a draft track and a draft news item are
 * made beside the published ones and must stay out.
 */

const suffix = randomBytes(4).toString('hex')
const ORIGIN = new URL(BASE_URL).origin
/** Lighthouse's phone (Chrome on Android): a browser, not one of the bots Next gives blocking metadata by default. */
const PHONE_BROWSER = 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36'
const created: { collection: CollectionSlug; id: number }[] = []
const wav = silentWav(2)

const fixtures = {} as {
  cover: number
  audio: { id: number; url: string }
  track: number
  draftTrack: number
  podcastAlbum: number
  plainAlbum: number
  draftAlbum: number
  news: number
  draftNews: number
}

async function create<T extends { id: number }>(collection: CollectionSlug, make: () => Promise<T>): Promise<T> {
  const doc = await make()
  created.push({ collection, id: doc.id })
  return doc
}

beforeAll(async () => {
  const payload = await testPayload()
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 90, g: 140, b: 120 } } })
    .png()
    .toBuffer()
  const cover = await create('media', () =>
    payload.create({
      collection: 'media',
      data: { alt: `Cover ${suffix}` },
      file: { data: png, mimetype: 'image/png', name: `embed-cover-${suffix}.png`, size: png.length },
    }),
  )
  const audio = await create('audio', () =>
    payload.create({
      collection: 'audio',
      data: { title: `Embed ${suffix}`, purpose: 'track' },
      file: { data: wav, mimetype: 'audio/wav', name: `embed-track-${suffix}.wav`, size: wav.length },
    }),
  )
  const track = await create('tracks', () =>
    payload.create({ collection: 'tracks', locale: 'de', data: { title: `Abendruhe ${suffix}`, audio: audio.id, cover: cover.id, _status: 'published' } }),
  )
  const draftTrack = await create('tracks', () =>
    payload.create({ collection: 'tracks', locale: 'de', data: { title: `Geheim ${suffix}`, audio: audio.id, _status: 'draft' } }),
  )
  const album = (title: string, podcast: boolean, status: 'published' | 'draft') =>
    create('music-groups', () =>
      payload.create({
        collection: 'music-groups',
        locale: 'de',
        data: { title, form: 'album', description: `Ruhig & leise <${suffix}>`, cover: cover.id, tracks: [track.id, draftTrack.id], podcast, _status: status },
      }),
    )
  const podcastAlbum = await album(`Podcast-Album ${suffix}`, true, 'published')
  const plainAlbum = await album(`Ohne Podcast ${suffix}`, false, 'published')
  const draftAlbum = await album(`Noch geheim ${suffix}`, true, 'draft')
  const news = await create('news', () =>
    payload.create({ collection: 'news', locale: 'de', data: { title: `Konzert ${suffix}`, date: new Date().toISOString(), _status: 'published' } }),
  )
  const draftNews = await create('news', () =>
    payload.create({ collection: 'news', locale: 'de', data: { title: `Entwurf ${suffix}`, date: new Date().toISOString(), _status: 'draft' } }),
  )
  Object.assign(fixtures, {
    cover: cover.id,
    audio: { id: audio.id, url: audio.url! },
    track: track.id,
    draftTrack: draftTrack.id,
    podcastAlbum: podcastAlbum.id,
    plainAlbum: plainAlbum.id,
    draftAlbum: draftAlbum.id,
    news: news.id,
    draftNews: draftNews.id,
  })
})

afterAll(async () => {
  const payload = await testPayload()
  for (const { collection, id } of created.reverse()) await payload.delete({ collection, id }).catch(() => undefined)
  await closeTestPayload()
})

const oembed = (query: Record<string, string>) => getJson(`/api/oembed?${new URLSearchParams(query)}`)

describe('oEmbed (GET /api/oembed)', () => {
  it('answers for an album page with the album player as a rich iframe', async () => {
    const { status, headers, body } = await oembed({ url: `${ORIGIN}/music-group/${fixtures.podcastAlbum}`, format: 'json' })
    expect(status).toBe(200)
    expect(headers.get('content-type')).toContain('application/json')
    expect(body).toMatchObject({
      version: '1.0',
      type: 'rich',
      title: `Podcast-Album ${suffix}`,
      provider_name: 'Lina Sommer',
      provider_url: ORIGIN,
      // One playable track (the draft one is left out): the player alone.
      width: 480,
      height: 176,
      thumbnail_url: expect.stringMatching(new RegExp(`^${ORIGIN}/media/images/`)),
      thumbnail_width: expect.any(Number),
      thumbnail_height: expect.any(Number),
    })
    expect(body.html).toBe(
      `<iframe src="${ORIGIN}/embed/album/${fixtures.podcastAlbum}" width="480" height="176" style="border:0;width:100%;max-width:480px" ` +
        `title="Podcast-Album ${suffix} – Player von Lina Sommer" loading="lazy" referrerpolicy="no-referrer"></iframe>`,
    )
  })

  it('answers for a track URL (its embed page), in the language of the URL, within maxwidth and maxheight', async () => {
    const { status, body } = await oembed({ url: `${ORIGIN}/en/embed/track/${fixtures.track}`, maxwidth: '300', maxheight: '500' })
    expect(status).toBe(200)
    expect(body).toMatchObject({ type: 'rich', title: `Abendruhe ${suffix}`, width: 300, height: 176 })
    expect(body.html).toContain(`src="${ORIGIN}/en/embed/track/${fixtures.track}"`)
    expect(body.html).toContain('– player by Lina Sommer')
    const squeezed = await oembed({ url: `${ORIGIN}/embed/track/${fixtures.track}`, maxheight: '100' })
    expect(squeezed.body).toMatchObject({ height: 100 })
  })

  it.each([
    ['another site', () => `https://example.com/music-group/${fixtures.podcastAlbum}`],
    ['a page that is no album', () => `${ORIGIN}/about`],
    ['a draft album', () => `${ORIGIN}/music-group/${fixtures.draftAlbum}`],
    ['a draft track', () => `${ORIGIN}/embed/track/${fixtures.draftTrack}`],
    ['an album that does not exist', () => `${ORIGIN}/music-group/2147483000`],
  ])('is 404 with detail for %s', async (_, url) => {
    const { status, body } = await oembed({ url: url(), format: 'json' })
    expect(status).toBe(404)
    expect(body.detail).toEqual(expect.any(String))
  })

  it('is 400 with detail for a missing or malformed url or limit, and 501 for XML', async () => {
    const queries: Record<string, string>[] = [
      {},
      { url: '' },
      { url: 'not a url' },
      { url: 'javascript:alert(1)' },
      { url: `${ORIGIN}/music-group/1`, maxwidth: 'wide' },
    ]
    for (const query of queries) {
      const { status, body } = await oembed(query)
      expect({ query, status }).toEqual({ query, status: 400 })
      expect(body.detail).toEqual(expect.any(String))
    }
    const xml = await oembed({ url: `${ORIGIN}/music-group/${fixtures.podcastAlbum}`, format: 'xml' })
    expect(xml.status).toBe(501)
    expect(xml.body.detail).toEqual(expect.any(String))
  })
})

describe('the embed pages', () => {
  it('play a public album: its tracks, the link to the album page, no cookie, framable by any site', async () => {
    const response = await fetch(`${BASE_URL}/embed/album/${fixtures.podcastAlbum}`)
    const html = await response.text()
    expect(response.status).toBe(200)
    expect(response.headers.get('set-cookie')).toBeNull()
    expect(response.headers.get('x-frame-options')).toBeNull()
    const policy = response.headers.get('content-security-policy') ?? ''
    expect(policy).toContain('frame-ancestors *')
    expect(policy).toContain("connect-src 'none'")
    expect(policy).toContain("form-action 'none'")
    expect(html).toContain(`data-src="${fixtures.audio.url}"`)
    expect(html).toContain(`Abendruhe ${suffix}`)
    expect(html).not.toContain(`Geheim ${suffix}`)
    expect(html).toContain(`href="${ORIGIN}/music-group/${fixtures.podcastAlbum}" target="_blank" rel="noopener">Auf Lina Sommer anhören / kaufen</a>`)
    // Only the page's own script, no Next runtime, no service worker.
    expect(html.match(/<script\b/g)).toHaveLength(1)
    expect(html).not.toContain('/_next/')
    expect(html).not.toContain('serviceWorker')
    const english = await (await fetch(`${BASE_URL}/en/embed/track/${fixtures.track}`)).text()
    expect(english).toContain('<html lang="en">')
    expect(english).toContain('Listen / buy on Lina Sommer')
  })

  it(`load less than ${EMBED_JS_BUDGET_KB} KB of JavaScript (gzip), all of it`, async () => {
    const html = await (await fetch(`${BASE_URL}/embed/album/${fixtures.podcastAlbum}`)).text()
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    // No script file: the inline one is all (a src would have to be fetched and counted too).
    expect(scripts.filter(([, attributes]) => /\bsrc=/.test(attributes!))).toEqual([])
    const kb = gzipSync(scripts.map(([, , code]) => code).join('')).length / 1024
    console.log(`embed page JavaScript: ${kb.toFixed(1)} KB gzip (budget ${EMBED_JS_BUDGET_KB} KB)`)
    expect(kb).toBeGreaterThan(0.5)
    expect(kb).toBeLessThan(EMBED_JS_BUDGET_KB)
  })

  it('are 404 for a draft track, a draft album and anything else below /embed/, and still framable there', async () => {
    for (const path of [`/embed/track/${fixtures.draftTrack}`, `/embed/album/${fixtures.draftAlbum}`, '/embed/album/abc', '/embed/playlist/1', '/en/embed/x']) {
      const response = await fetch(BASE_URL + path)
      expect({ path, status: response.status }).toEqual({ path, status: 404 })
      expect(response.headers.get('set-cookie')).toBeNull()
    }
  })

  it('leave every other page unframable', async () => {
    for (const path of ['/', `/music-group/${fixtures.podcastAlbum}`, '/embedded', '/en/terms', '/feed.xml', '/api/oembed']) {
      const response = await fetch(BASE_URL + path)
      expect({ path, frameOptions: response.headers.get('x-frame-options') }).toEqual({ path, frameOptions: 'DENY' })
      const policy = response.headers.get('content-security-policy')
      if (policy) expect(policy).toContain("frame-ancestors 'none'")
    }
  })
})

describe('the album page', () => {
  it('names oEmbed, the Atom feed and its podcast in its head, and offers the embed code in two sizes', async () => {
    // Asked for by a phone's browser, for which Next would stream the metadata into the body; the
    // page cache hands that HTML to every later visitor, link previews and oEmbed consumers included,
    // which read only the head.
    const page = await (await fetch(`${BASE_URL}/music-group/${fixtures.podcastAlbum}`, { headers: { 'User-Agent': PHONE_BROWSER } })).text()
    const html = page.slice(0, page.indexOf('</head>'))
    expect(html).toMatch(/<meta name="description" content="[^"]+"/)
    const oembedUrl = `/api/oembed?format=json&amp;url=${encodeURIComponent(`${ORIGIN}/music-group/${fixtures.podcastAlbum}`)}`
    expect(html).toMatch(new RegExp(`<link rel="alternate" type="application/json\\+oembed" href="[^"]*${oembedUrl.replace(/[?.+]/g, '\\$&')}"`))
    expect(html).toMatch(/<link rel="alternate" type="application\/atom\+xml" href="[^"]*\/feed\.xml"/)
    expect(html).toMatch(new RegExp(`<link rel="alternate" type="application/rss\\+xml" href="[^"]*/music-group/${fixtures.podcastAlbum}/podcast\\.xml"`))
    expect(page).toContain('<summary>Einbetten</summary>')
    expect(page).toContain(`/embed/album/${fixtures.podcastAlbum}&quot; width=&quot;480&quot; height=&quot;176&quot;`)
    expect(page).toContain(`/embed/album/${fixtures.podcastAlbum}&quot; width=&quot;480&quot; height=&quot;420&quot;`)

    const plain = await (await fetch(`${BASE_URL}/music-group/${fixtures.plainAlbum}`)).text()
    expect(plain).not.toContain('application/rss+xml')
    const home = await (await fetch(`${BASE_URL}/`)).text()
    expect(home).toMatch(/<link rel="alternate" type="application\/atom\+xml" href="[^"]*\/feed\.xml"/)
  })
})

const parseXml = (xml: string) => {
  expect(validate(xml)).toBe(true)
  return parse(xml, { ignoreAttributes: false, attributeNamePrefix: '@_', parseNodeValue: false })
}
const asList = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value])

describe('the Atom feed', () => {
  it('is valid XML listing published news and releases, not drafts, in German and English; a release shows as soon as it is published', async () => {
    const response = await fetch(`${BASE_URL}/feed.xml`)
    expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('public, no-cache')
    const feed = parseXml(await response.text()).feed
    const links = asList<any>(feed.entry).map((entry) => asList<any>(entry.link)[0]['@_href'])
    expect(links).toContain(`${ORIGIN}/music-group/${fixtures.podcastAlbum}`)
    expect(links).toContain(`${ORIGIN}/news/${fixtures.news}`)
    expect(links).not.toContain(`${ORIGIN}/music-group/${fixtures.draftAlbum}`)
    expect(links).not.toContain(`${ORIGIN}/news/${fixtures.draftNews}`)
    expect(asList<any>(feed.entry).map((entry) => entry.title['#text'] ?? entry.title)).toContain(`Neu erschienen: Podcast-Album ${suffix}`)

    const english = parseXml(await (await fetch(`${BASE_URL}/en/feed.xml`)).text()).feed
    expect(asList<any>(english.entry).map((entry) => entry.title['#text'] ?? entry.title)).toContain(`New release: Podcast-Album ${suffix}`)

    // Published now: the next read lists it (the cached feed was dropped with the change).
    const payload = await testPayload()
    await payload.update({ collection: 'music-groups', id: fixtures.draftAlbum, locale: 'de', data: { _status: 'published' } })
    const after = parseXml(await (await fetch(`${BASE_URL}/feed.xml`)).text()).feed
    expect(asList<any>(after.entry).map((entry) => asList<any>(entry.link)[0]['@_href'])).toContain(`${ORIGIN}/music-group/${fixtures.draftAlbum}`)
    await payload.update({ collection: 'music-groups', id: fixtures.draftAlbum, locale: 'de', data: { _status: 'draft' } })
  })
})

describe('the podcast feed', () => {
  it('lists the public tracks of an album switched on, with enclosure length and type, duration, cover, author, explicit and language', async () => {
    const response = await fetch(`${BASE_URL}/music-group/${fixtures.podcastAlbum}/podcast.xml`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8')
    const { rss } = parseXml(await response.text())
    expect(rss['@_xmlns:itunes']).toBe('http://www.itunes.com/dtds/podcast-1.0.dtd')
    const channel = rss.channel
    expect(channel.language).toBe('de')
    expect(channel['itunes:explicit']).toBe('false')
    expect(channel['itunes:image']['@_href']).toMatch(new RegExp(`^${ORIGIN}/media/images/`))
    expect(channel['itunes:author']).toBe('Lina Sommer')
    const items = asList<any>(channel.item)
    expect(items.map((item) => item.title)).toEqual([`Abendruhe ${suffix}`])
    const [episode] = items
    expect(episode.enclosure).toEqual({ '@_url': `${ORIGIN}${fixtures.audio.url}`, '@_length': String(wav.length), '@_type': 'audio/wav' })
    expect(episode['itunes:duration']).toBe('00:02')
    expect(episode['itunes:explicit']).toBe('false')
    expect(episode['itunes:image']['@_href']).toMatch(new RegExp(`^${ORIGIN}/media/images/`))
    expect(episode.description).toContain(`Podcast-Album ${suffix}`)
    // The enclosure is the file itself, of the length the feed names.
    const file = await fetch(`${ORIGIN}${fixtures.audio.url}`)
    expect(file.status).toBe(200)
    expect((await file.arrayBuffer()).byteLength).toBe(wav.length)

    const english = parseXml(await (await fetch(`${BASE_URL}/en/music-group/${fixtures.podcastAlbum}/podcast.xml`)).text())
    expect(english.rss.channel.language).toBe('en')
  })

  it('is 404 for an album not switched on, a draft album and a malformed id', async () => {
    for (const path of [`/music-group/${fixtures.plainAlbum}/podcast.xml`, `/music-group/${fixtures.draftAlbum}/podcast.xml`, '/music-group/x/podcast.xml']) {
      const response = await fetch(BASE_URL + path)
      expect({ path, status: response.status }).toEqual({ path, status: 404 })
    }
  })
})
