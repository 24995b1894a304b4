import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { parseBuffer } from 'music-metadata'
import { silentWav } from '../support/audio'
import { deliverSong, paidOrder } from '../support/deliveries'
import { BASE_URL, getJson } from '../support/http'
import { closeTestPayload, testPayload } from '../support/payload'
import { bearer, createCustomer, type TestCustomer } from '../support/users'
import { MP3_CACHE_DIR, mp3CacheKey } from '../../src/downloads/mp3-cache'
import { signedDownloadPath } from '../../src/downloads/signed-link'

/**
 * Downloads of a delivered song through short-lived signed links: the order page asks for a link
 * (POST /api/orders/{id}/downloads/), the link serves the MP3 made with ffmpeg or the master, to
 * the account it was made for alone; expired, tampered and foreign links are refused.
 */

const MASTER = silentWav(3)
const WAV = { data: MASTER, name: 'meeresatem-master.wav', mimetype: 'audio/wav' }

const askForLink = (customer: TestCustomer, orderId: number, body: unknown) =>
  getJson(`/api/orders/${orderId}/downloads/`, {
    method: 'POST',
    headers: { ...bearer(customer), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })

const fetchLink = (url: string, customer: TestCustomer | null) => fetch(BASE_URL + url, { headers: customer ? bearer(customer) : {} })

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  )

/** Waits until `check` holds, polling; false if it never did within `ms`. */
async function eventually(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 250))) {
    if (await check()) return true
  }
  return check()
}

describe('downloads through signed links', () => {
  let alice: TestCustomer
  let bob: TestCustomer
  let orderId: number
  let audioId: number

  beforeAll(async () => {
    ;[alice, bob] = await Promise.all([createCustomer('alice'), createCustomer('bob')])
    orderId = await paidOrder(alice)
    audioId = await deliverSong(orderId, WAV)
  })
  afterAll(closeTestPayload)

  it('serves the MP3 at 320 kbit/s, made from the master, as an attachment', async () => {
    const link = await askForLink(alice, orderId, { audio: audioId, format: 'mp3' })
    expect(link.status).toBe(200)
    expect(link.body.url).toMatch(new RegExp(`^/api/downloads/${audioId}/mp3/\\?u=${alice.id}&e=\\d+&s=`))
    const expiresIn = Date.parse(link.body.expires_at) - Date.now()
    expect(expiresIn).toBeGreaterThan(4 * 60_000)
    expect(expiresIn).toBeLessThanOrEqual(5 * 60_000)

    // Two at once: one conversion, the same bytes for both.
    const [response, again] = await Promise.all([fetchLink(link.body.url, alice), fetchLink(link.body.url, alice)])
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('audio/mpeg')
    expect(response.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="soundtouch-Bestellung-${orderId}-Fassung-1\\.mp3"`, 'i'))
    const bytes = Buffer.from(await response.arrayBuffer())
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true)
    const { format } = await parseBuffer(bytes, { mimeType: 'audio/mpeg' })
    expect(format.codec).toMatch(/MPEG 1 Layer 3/)
    expect(format.bitrate).toBe(320_000)
    expect(format.duration).toBeGreaterThan(2.5)
  })

  it('serves the original master byte for byte, labelled with its format', async () => {
    const link = await askForLink(alice, orderId, { audio: audioId, format: 'original' })
    const response = await fetchLink(link.body.url, alice)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('audio/wav')
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename=".*-original\.wav"/)
    expect(Buffer.from(await response.arrayBuffer()).equals(MASTER)).toBe(true)
  })

  it('offers an MP3 master as the original only', async () => {
    const mp3Order = await paidOrder(alice)
    const mp3Link = await askForLink(alice, orderId, { audio: audioId, format: 'mp3' })
    const mp3 = Buffer.from(await (await fetchLink(mp3Link.body.url, alice)).arrayBuffer())
    const mp3Audio = await deliverSong(mp3Order, { data: mp3, name: 'fertig.mp3', mimetype: 'audio/mpeg' })
    const refused = await askForLink(alice, mp3Order, { audio: mp3Audio, format: 'mp3' })
    expect(refused.status).toBe(400)
    expect(refused.body.detail).toMatch(/original file only/)
    expect((await askForLink(alice, mp3Order, { audio: mp3Audio, format: 'original' })).status).toBe(200)
  })

  it('makes the MP3 in the background as soon as a song is delivered (a job on the files queue), and removes it with the file', async () => {
    const payload = await testPayload()
    const order = await paidOrder(alice)
    const song = await deliverSong(order, { data: silentWav(2), name: 'vorab-master.wav', mimetype: 'audio/wav' })
    const { filename } = await payload.findByID({ collection: 'audio', id: song, depth: 0 })
    const mp3 = path.join(MP3_CACHE_DIR, `${mp3CacheKey(song, filename!)}.mp3`)
    // Nobody asked for a download link: the server's job queue made it (after the songs other
    // tests delivered before, each converted in turn).
    expect(await eventually(() => exists(mp3), 90_000)).toBe(true)
    const { format } = await parseBuffer(await readFile(mp3), { mimeType: 'audio/mpeg' })
    expect(format.bitrate).toBe(320_000)

    // The seller takes the file back out of the order and deletes it.
    const kept = (await payload.findByID({ collection: 'orders', id: order, depth: 0 })).uploads?.filter((row) => row.audio !== song) ?? []
    await payload.update({ collection: 'orders', id: order, data: { uploads: kept }, depth: 0 })
    await payload.delete({ collection: 'audio', id: song, depth: 0 })
    expect(await exists(mp3)).toBe(false)
  }, 120_000)

  it('refuses an expired link with 410', async () => {
    const payload = await testPayload()
    const expired = signedDownloadPath(payload.secret, { user: alice.id, audio: audioId, format: 'original', expires: Math.floor(Date.now() / 1000) - 1 })
    const response = await fetchLink(expired, alice)
    expect(response.status).toBe(410)
    expect((await response.json()).detail).toMatch(/expired/)
  })

  it('refuses a tampered link with 403: another file, format, account or expiry, or a changed signature', async () => {
    const { body } = await askForLink(alice, orderId, { audio: audioId, format: 'mp3' })
    const url: string = body.url
    const later = Number(new URL(url, BASE_URL).searchParams.get('e')) + 3600
    const tampered = [
      url.replace('/mp3/', '/original/'),
      url.replace(`/downloads/${audioId}/`, `/downloads/${audioId + 1}/`),
      url.replace(/e=\d+/, `e=${later}`),
      url.replace(/s=([^&]+)/, (_match, signature: string) => `s=${signature.slice(0, -2)}AA`),
      url.replace(/&s=[^&]+/, ''),
    ]
    for (const link of tampered) expect((await fetchLink(link, alice)).status).toBe(403)
    // A link made for Alice, rewritten to name Bob, is tampered too.
    expect((await fetchLink(url.replace(`u=${alice.id}`, `u=${bob.id}`), bob)).status).toBe(403)
  })

  it("refuses another customer's valid link with 403, and one without login with 401", async () => {
    const { body } = await askForLink(alice, orderId, { audio: audioId, format: 'original' })
    const foreign = await fetchLink(body.url, bob)
    expect(foreign.status).toBe(403)
    expect((await foreign.json()).detail).toMatch(/another account/)
    expect((await fetchLink(body.url, null)).status).toBe(401)
  })

  it('refuses a link for a song the account no longer has: a refunded order answers 404', async () => {
    const refundedOrder = await paidOrder(alice)
    const song = await deliverSong(refundedOrder, WAV)
    const { body } = await askForLink(alice, refundedOrder, { audio: song, format: 'original' })
    await (await testPayload()).update({ collection: 'orders', id: refundedOrder, data: { status: 'refunded' }, depth: 0 })
    expect((await fetchLink(body.url, alice)).status).toBe(404)
  })

  it("hands out links only for the caller's own delivered songs: 404 for another's order, 400 for bad input", async () => {
    expect((await askForLink(bob, orderId, { audio: audioId, format: 'mp3' })).status).toBe(404)
    const recordingOrder = await paidOrder(alice)
    expect((await askForLink(alice, recordingOrder, { audio: audioId, format: 'mp3' })).status).toBe(404)
    for (const body of [{}, { audio: audioId }, { audio: audioId, format: 'flac' }, { audio: 'abc', format: 'mp3' }, { audio: -1, format: 'mp3' }]) {
      const answer = await askForLink(alice, orderId, body)
      expect(answer.status).toBe(400)
      expect(typeof answer.body.detail).toBe('string')
    }
  })
})
