import { randomBytes } from 'node:crypto'
import type { CollectionSlug } from 'payload'
import { silentWav } from '../support/audio'
import { BASE_URL, getJson } from '../support/http'
import { closeTestPayload, testPayload } from '../support/payload'
import { JEST_SELLER, loginSeller } from '../support/users'

/**
 * Issue 32: an album and a news item scheduled for their release time. The schedule is queued as
 * the admin's "Veröffentlichung planen" queues it (Payload's schedulePublish job, waiting until the
 * time, run by the shop's default queue: every second in the tests). Until that time neither shows
 * anywhere a visitor looks, also not in the pages and reads the shop keeps cached; from then on
 * every one of them shows it, without anything else changing.
 */

const suffix = randomBytes(4).toString('hex')
/** The queue runs every MAIL_QUEUE_POLL_SECONDS (1 in the tests); the rest is the job's own publish and a busy machine. */
const AT_MOST_LATE_MS = 8000

const created: { collection: CollectionSlug; id: number }[] = []

afterAll(async () => {
  const payload = await testPayload()
  for (const { collection, id } of created.reverse()) await payload.delete({ collection, id })
  await closeTestPayload()
})

type View = { name: string; visible: () => Promise<boolean> }
type Seen = { name: string; visible: boolean; answeredAt: number }

const sleepUntil = (time: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, time - Date.now())))

async function look(views: View[]): Promise<Seen[]> {
  return Promise.all(views.map(async ({ name, visible }) => ({ name, visible: await visible(), answeredAt: Date.now() })))
}

describe('a release scheduled for its day', () => {
  it('is invisible (page 404, API, lists, sitemap, cached pages) one second before its time, and visible after it', async () => {
    const payload = await testPayload()
    await loginSeller()
    const { docs } = await payload.find({ collection: 'users', where: { email: { equals: JEST_SELLER.email } }, limit: 1, depth: 0 })
    const sellerId = docs[0]!.id

    const album = await payload.create({
      collection: 'music-groups',
      locale: 'de',
      data: { title: `Morgenrot ${suffix}`, form: 'album', description: 'Erscheint bald', _status: 'draft' },
    })
    created.push({ collection: 'music-groups', id: album.id })
    const news = await payload.create({
      collection: 'news',
      locale: 'de',
      data: { title: `Es ist erschienen ${suffix}`, date: new Date().toISOString(), _status: 'draft' },
    })
    created.push({ collection: 'news', id: news.id })
    // A new song of the album, its file dropped on the track as in the admin (a private file until the track is published).
    const wav = silentWav()
    const file = await payload.create({
      collection: 'audio',
      data: { title: `Morgenlied ${suffix}`, purpose: 'delivery' },
      file: { data: wav, mimetype: 'audio/wav', name: `morgenlied-${suffix}.wav`, size: wav.length },
    })
    created.push({ collection: 'audio', id: file.id })
    const track = await payload.create({ collection: 'tracks', locale: 'de', data: { title: `Morgenlied ${suffix}`, audio: file.id, _status: 'draft' } })
    created.push({ collection: 'tracks', id: track.id })

    // The time the seller chose; queued as Payload's schedule drawer queues it.
    const releaseAt = Date.now() + 7000
    for (const doc of [
      { relationTo: 'music-groups' as const, value: String(album.id) },
      { relationTo: 'news' as const, value: String(news.id) },
      { relationTo: 'tracks' as const, value: String(track.id) },
    ]) {
      await payload.jobs.queue({
        task: 'schedulePublish',
        input: { type: 'publish', doc: doc as never, user: { relationTo: 'users', value: sellerId } },
        waitUntil: new Date(releaseAt),
      })
    }
    // She keeps working on it after scheduling: the newest draft is what comes out.
    const title = `Morgenröte ${suffix}`
    await payload.update({ collection: 'music-groups', id: album.id, locale: 'de', draft: true, data: { title } })

    const has = (text: unknown, part: string) => (typeof text === 'string' ? text : JSON.stringify(text)).includes(part)
    const views: View[] = [
      { name: 'album page', visible: async () => (await getJson(`/music-group/${album.id}`)).status === 200 },
      { name: 'album API', visible: async () => (await getJson(`/api/music/music-groups/${album.id}/`)).status === 200 },
      { name: 'album list API', visible: async () => has((await getJson('/api/music/music-groups/')).body, title) },
      { name: '/music (cached page)', visible: async () => has((await getJson('/music')).body, title) },
      { name: '/music in English (cached page)', visible: async () => has((await getJson('/music', { headers: { Cookie: 'lang=en' } })).body, title) },
      { name: 'news page', visible: async () => (await getJson(`/news/${news.id}`)).status === 200 },
      { name: 'news API', visible: async () => (await getJson(`/api/music/news/${news.id}/`)).status === 200 },
      { name: 'news list API', visible: async () => has((await getJson('/music/news/')).body, `Es ist erschienen ${suffix}`) },
      { name: '/news (cached page)', visible: async () => has((await getJson('/news')).body, `Es ist erschienen ${suffix}`) },
      { name: 'sitemap', visible: async () => has((await getJson('/sitemap.xml')).body, `/music-group/${album.id}<`) },
      { name: 'sitemap (news)', visible: async () => has((await getJson('/sitemap.xml')).body, `/news/${news.id}<`) },
      { name: 'track list API', visible: async () => has((await getJson('/api/music/tracks/')).body, `Morgenlied ${suffix}`) },
      // Issue 34: the feeds and the embeds are cached reads too, dropped with the release.
      { name: 'Atom feed', visible: async () => has((await getJson('/feed.xml')).body, `/music-group/${album.id}"`) },
      { name: 'Atom feed (news)', visible: async () => has((await getJson('/en/feed.xml')).body, `/news/${news.id}"`) },
      { name: 'embed page', visible: async () => (await getJson(`/embed/track/${track.id}`)).status === 200 },
      {
        name: 'oEmbed',
        visible: async () => (await getJson(`/api/oembed?url=${encodeURIComponent(`${BASE_URL}/embed/track/${track.id}`)}`)).status === 200,
      },
      { name: "the track's audio file", visible: async () => (await getJson(`/media/audio/${file.filename}`)).status === 200 },
      { name: "the track's audio in Payload's REST", visible: async () => has((await getJson('/api/cms/audio?limit=0&depth=0')).body, file.filename!) },
    ]

    // Read everything before (the pages and reads get cached), then one second before the time.
    expect((await look(views)).filter((seen) => seen.visible)).toEqual([])
    await sleepUntil(releaseAt - 1000)
    const before = await look(views)
    expect(before.filter((seen) => seen.visible && seen.answeredAt < releaseAt)).toEqual([])
    // Proof only from answers given before the time (a page may take a while on a busy machine).
    expect(before.filter((seen) => seen.answeredAt < releaseAt).length).toBeGreaterThanOrEqual(views.length / 2)

    // From the time on, until every view shows it: nothing may show it before the time.
    const firstSeen = new Map<string, number>()
    while (firstSeen.size < views.length && Date.now() < releaseAt + AT_MOST_LATE_MS) {
      for (const seen of await look(views)) {
        if (!seen.visible) continue
        expect({ view: seen.name, shownBeforeItsTime: seen.answeredAt < releaseAt }).toEqual({ view: seen.name, shownBeforeItsTime: false })
        if (!firstSeen.has(seen.name)) firstSeen.set(seen.name, seen.answeredAt)
      }
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    expect(views.map(({ name }) => name).filter((name) => !firstSeen.has(name))).toEqual([])
    const lateness = Math.max(...firstSeen.values()) - releaseAt
    console.log(`scheduled release: every view showed it ${lateness} ms after its time (queue polled every 1 s)`)
    expect(lateness).toBeLessThan(AT_MOST_LATE_MS)

    // What came out is the newest draft, now published, and it stays after further reads.
    const published = await getJson(`/api/music/music-groups/${album.id}/`)
    expect(published.body.title).toBe(title)
    expect((await payload.findByID({ collection: 'music-groups', id: album.id, depth: 0 }))._status).toBe('published')
  }, 60000)
})
