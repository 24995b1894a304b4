import { unzipSync } from 'fflate'
import { parseBuffer } from 'music-metadata'
import { createLocalReq } from 'payload'
import { libraryDownloadPathExpiringAt, signedLibraryDownloadPath } from '../../src/library/download-link'
import { revokePurchaseGrants } from '../../src/library/grant'
import { BASE_URL } from '../support/http'
import { grant, makeAlbum, purchaseOf, type TestAlbum } from '../support/library'
import { closeTestPayload, testPayload } from '../support/payload'
import { bearer, createCustomer, type TestCustomer } from '../support/users'

/*
 * Issue 33, "Meine Musik": what a customer owns is downloadable through signed, expiring links
 * (GET /api/library/download/…), as tagged files made with the real ffmpeg (title, artist, album,
 * track number, cover; the master's own tags stripped) and an album as one ZIP with its cover and
 * track list; nobody else's, nothing revoked or unpaid; and what one owns plays even when the
 * catalog does not show it. Against the running shop and its database.
 */

const fetchAs = (path: string, customer: TestCustomer | null, headers: Record<string, string> = {}) =>
  fetch(BASE_URL + path, { headers: { ...(customer ? bearer(customer) : {}), ...headers }, redirect: 'manual' })

const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer())

/** The status of a call, its body read to the end (an unread body keeps its connection open). */
const statusOf = async (path: string, customer: TestCustomer | null) => {
  const response = await fetchAs(path, customer)
  await response.arrayBuffer()
  return response.status
}

let alice: TestCustomer
let bob: TestCustomer
let album: TestAlbum
let hidden: TestAlbum
let rows: { album: number; unpaid: number; revoked: number; hidden: number }

beforeAll(async () => {
  ;[alice, bob] = await Promise.all([createCustomer('musik-a'), createCustomer('musik-b')])
  album = await makeAlbum(['Erster Ton', 'Zweiter Ton'])
  // A draft, its file private: not in the catalog, yet alice owns its track.
  hidden = await makeAlbum(['Verborgener Ton'], { draft: true })
  const [paid, unpaid, refunded] = await Promise.all([purchaseOf(alice.id, 'paid'), purchaseOf(alice.id, 'pending_payment'), purchaseOf(alice.id, 'paid')])
  const albumRow = await grant(alice.id, { kind: 'music-group', id: album.id }, { purchase: paid, formats: ['mp3', 'flac'] })
  const unpaidRow = await grant(alice.id, { kind: 'track', id: album.tracks[1]!.id }, { purchase: unpaid })
  const revokedRow = await grant(alice.id, { kind: 'track', id: album.tracks[0]!.id }, { purchase: refunded })
  const payload = await testPayload()
  await revokePurchaseGrants(payload, await createLocalReq({}, payload), refunded)
  const hiddenRow = await grant(alice.id, { kind: 'track', id: hidden.tracks[0]!.id })
  rows = { album: albumRow.id, unpaid: unpaidRow.id, revoked: revokedRow.id, hidden: hiddenRow.id }
})
afterAll(closeTestPayload)

const albumLink = (format: 'mp3' | 'flac' | 'original' = 'mp3') =>
  signedLibraryDownloadPath({ item: { kind: 'music-group', id: album.id }, format, right: { libraryItem: rows.album } })
const trackLink = (index: number, format: 'mp3' | 'flac' | 'original' = 'mp3', libraryItem = rows.album) =>
  signedLibraryDownloadPath({ item: { kind: 'track', id: album.tracks[index]!.id }, format, right: { libraryItem } })

describe('a track of an owned album', () => {
  it('is an MP3 at 320 kbit/s tagged with title, artist, album, track number and cover; the master’s own comment is gone', async () => {
    const response = await fetchAs(trackLink(0), alice)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('audio/mpeg')
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="Lina-Sommer---Erster-Ton\.mp3"/)
    const { common, format, native } = await parseBuffer(await bytesOf(response), { mimeType: 'audio/mpeg' })
    expect(format.bitrate).toBe(320_000)
    expect({ title: common.title, artist: common.artist, album: common.album, track: common.track, year: common.year }).toEqual({
      title: 'Erster Ton',
      artist: 'Lina Sommer',
      album: album.title,
      track: { no: 1, of: 2 },
      year: 2026,
    })
    expect(common.picture?.[0]?.format).toBe('image/jpeg')
    expect(common.picture?.[0]?.data.length).toBeGreaterThan(100)
    expect(common.comment).toBeUndefined()
    expect(JSON.stringify(native)).not.toContain('Fremder Kommentar')
  })

  it('serves a byte range of the file (206), as players and download managers ask', async () => {
    const whole = await bytesOf(await fetchAs(trackLink(1), alice))
    const part = await fetchAs(trackLink(1), alice, { Range: 'bytes=10-19' })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${whole.length}`)
    expect((await bytesOf(part)).equals(whole.subarray(10, 20))).toBe(true)
  })

  it('is a FLAC made from the lossless master, tagged with the cover too', async () => {
    const response = await fetchAs(trackLink(1, 'flac'), alice)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('audio/flac')
    const { common, format } = await parseBuffer(await bytesOf(response), { mimeType: 'audio/flac' })
    expect(format.container).toBe('FLAC')
    expect(format.lossless).toBe(true)
    expect({ title: common.title, artist: common.artist, album: common.album, track: common.track }).toEqual({
      title: 'Zweiter Ton',
      artist: 'Lina Sommer',
      album: album.title,
      track: { no: 2, of: 2 },
    })
    expect(common.picture?.[0]?.format).toBe('image/jpeg')
    expect(common.comment).toBeUndefined()
  })

  it('gets a new file when the seller edits the title: the tags follow the catalog', async () => {
    const payload = await testPayload()
    const before = await parseBuffer(await bytesOf(await fetchAs(trackLink(0), alice)), { mimeType: 'audio/mpeg' })
    expect(before.common.title).toBe('Erster Ton')
    await payload.update({ collection: 'tracks', id: album.tracks[0]!.id, locale: 'de', data: { title: 'Erster Ton (neu)' } })
    try {
      const after = await parseBuffer(await bytesOf(await fetchAs(trackLink(0), alice)), { mimeType: 'audio/mpeg' })
      expect(after.common.title).toBe('Erster Ton (neu)')
    } finally {
      await payload.update({ collection: 'tracks', id: album.tracks[0]!.id, locale: 'de', data: { title: 'Erster Ton' } })
    }
  })

  it('is not offered in a format that was not bought: 404 with detail', async () => {
    const response = await fetchAs(trackLink(0, 'original'), alice)
    expect(response.status).toBe(404)
    expect((await response.json()).detail).toMatch(/format is not offered/)
  })
})

describe('the album as one ZIP', () => {
  it('holds the tagged tracks in order, the cover and the track list with the credits', async () => {
    const response = await fetchAs(albumLink(), alice)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/zip')
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="Lina-Sommer---Album-[0-9a-f]+-\(MP3\)\.zip"/)
    const entries = unzipSync(new Uint8Array(await response.arrayBuffer()))
    expect(Object.keys(entries)).toEqual(['01 Erster Ton.mp3', '02 Zweiter Ton.mp3', 'cover.jpg', 'Titelliste - Track list.txt'])
    const second = await parseBuffer(Buffer.from(entries['02 Zweiter Ton.mp3']!), { mimeType: 'audio/mpeg' })
    expect({ title: second.common.title, track: second.common.track, album: second.common.album }).toEqual({
      title: 'Zweiter Ton',
      track: { no: 2, of: 2 },
      album: album.title,
    })
    expect(entries['cover.jpg']![0]).toBe(0xff)
    const list = Buffer.from(entries['Titelliste - Track list.txt']!).toString('utf8')
    expect(list).toContain(album.title)
    expect(list).toMatch(/01 {2}Erster Ton/)
    expect(list).toMatch(/02 {2}Zweiter Ton/)
    expect(list).toContain('Mitwirkende / Credits')
    expect(list).toContain('Lina Sommer')
  })
})

describe('who may download', () => {
  it('another customer with the owner’s link: 404; nobody logged in: 401; each with detail', async () => {
    const foreign = await fetchAs(albumLink(), bob)
    expect(foreign.status).toBe(404)
    expect((await foreign.json()).detail).toMatch(/no such music in your account/)
    const anonymous = await fetchAs(albumLink(), null)
    expect(anonymous.status).toBe(401)
    expect((await anonymous.json()).detail).toMatch(/log in/)
  })

  it('a revoked row (its purchase refunded): 410 with detail', async () => {
    const response = await fetchAs(trackLink(0, 'mp3', rows.revoked), alice)
    expect(response.status).toBe(410)
    expect((await response.json()).detail).toMatch(/have ended/)
  })

  it('the row of an unpaid purchase: nothing (404)', async () => {
    const response = await fetchAs(trackLink(1, 'mp3', rows.unpaid), alice)
    expect(response.status).toBe(404)
    expect((await response.json()).detail).toMatch(/not paid/)
  })

  it('a track the row does not give (another album’s): 404', async () => {
    const link = signedLibraryDownloadPath({ item: { kind: 'track', id: hidden.tracks[0]!.id }, format: 'mp3', right: { libraryItem: rows.album } })
    expect(await statusOf(link, alice)).toBe(404)
  })

  it('an expired link: 410; a tampered one (another album, another right, another signature): 403; each with detail', async () => {
    const expired = libraryDownloadPathExpiringAt({
      item: { kind: 'music-group', id: album.id },
      format: 'mp3',
      right: { libraryItem: rows.album },
      expires: Math.floor(Date.now() / 1000) - 1,
    })
    const gone = await fetchAs(expired, alice)
    expect(gone.status).toBe(410)
    expect((await gone.json()).detail).toMatch(/expired/)
    const genuine = albumLink()
    for (const tampered of [
      genuine.replace(`/music-group/${album.id}/`, `/music-group/${hidden.id}/`),
      genuine.replace(`r=item-${rows.album}`, `r=item-${rows.hidden}`),
      genuine.replace(/s=[^&]+/, 's=AAAA'),
      genuine.replace(/e=\d+/, 'e=99999999999'),
      genuine.replace('/mp3/', '/original/'),
      '/api/library/download/album/1/mp3/?r=free&e=1&s=x',
    ]) {
      const refused = await fetchAs(tampered, alice)
      expect({ tampered, status: refused.status }).toEqual({ tampered, status: 403 })
      expect((await refused.json()).detail).toMatch(/not valid/)
    }
  })

  it('a free right works without a login while the album is free to take, and ends when it no longer is', async () => {
    const free = await makeAlbum(['Geschenkter Ton'], { sale: { mode: 'name_your_price', minimum: 0, offer_flac: false } })
    const link = signedLibraryDownloadPath({ item: { kind: 'music-group', id: free.id }, format: 'mp3', right: { free: true } })
    const response = await fetchAs(link, null)
    expect(response.status).toBe(200)
    expect(Object.keys(unzipSync(new Uint8Array(await response.arrayBuffer())))).toContain('01 Geschenkter Ton.mp3')
    const flac = signedLibraryDownloadPath({ item: { kind: 'music-group', id: free.id }, format: 'flac', right: { free: true } })
    expect(await statusOf(flac, null)).toBe(404)
    await (await testPayload()).update({ collection: 'music-groups', id: free.id, data: { sale: { mode: 'fixed_price', price: 5 } } })
    const ended = await fetchAs(link, null)
    expect(ended.status).toBe(410)
    expect((await ended.json()).detail).toMatch(/no longer free/)
  })
})

describe('the page “Meine Musik”', () => {
  it('lists what the customer owns with its download links, not the unpaid or revoked rows; a visitor is sent to the login and back', async () => {
    const page = await fetchAs('/account/music', alice, { 'Accept-Language': 'de' })
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Meine Musik')
    expect(html).toContain(`data-my-music="music-group-${album.id}"`)
    expect(html).toContain(`data-my-music="track-${hidden.tracks[0]!.id}"`)
    expect(html).not.toContain(`data-my-music="track-${album.tracks[0]!.id}"`)
    expect(html).not.toContain(`data-my-music="track-${album.tracks[1]!.id}"`)
    expect(html).toContain('Album als ZIP (MP3 (320 kbit/s))')
    expect(html).toContain('Album als ZIP (FLAC)')
    expect(html).toMatch(new RegExp(`href="/api/library/download/music-group/${album.id}/mp3/\\?r=item-${rows.album}&amp;e=\\d+&amp;s=`))
    expect(html).not.toContain(`/music-group/${album.id}/original/`)
    // No script of its own: the links are plain.
    expect(html).not.toMatch(/<script[^>]*src="[^"]*account\/music/)

    const visitor = await fetchAs('/account/music', null)
    await visitor.arrayBuffer()
    expect(visitor.status).toBe(307)
    expect(visitor.headers.get('location')).toBe('/login?next=%2Faccount%2Fmusic')
  })
})

describe('playing what one owns', () => {
  it('the owner hears a track the catalog does not show; a visitor and another customer get 404', async () => {
    const file = `/media/audio/${hidden.tracks[0]!.filename}`
    expect(await statusOf(file, null)).toBe(404)
    expect(await statusOf(file, bob)).toBe(404)
    const owner = await fetchAs(file, alice)
    await owner.arrayBuffer()
    expect(owner.status).toBe(200)
    expect(owner.headers.get('cache-control')).toBe('private, no-store')
  })
})
