import type { Audio } from '../../payload-types'
import { toneWav } from '../support/audio'
import { deliverSong, paidOrder } from '../support/deliveries'
import { BASE_URL, getJson } from '../support/http'
import { closeTestPayload, testPayload } from '../support/payload'
import { bearer, createCustomer, loginSeller, type TestCustomer } from '../support/users'
import { isPeaks, PEAK_MAX, PEAKS_COUNT } from '../../src/player/peaks'

/**
 * Waveforms: a new or replaced audio file gets its peaks from a job on the files queue, run by
 * the shop under test (ffmpeg on the real file); GET /api/audio/{id}/peaks/ serves them to whoever
 * may hear the file, with the audio collection's own access rule.
 */

const LOUD_THEN_QUIET = toneWav([
  { seconds: 2, amplitude: 0.8 },
  { seconds: 2, amplitude: 0.1 },
])
const QUIET_THEN_LOUD = toneWav([
  { seconds: 2, amplitude: 0.1 },
  { seconds: 2, amplitude: 0.8 },
])
/** Sniffed as a WAV, so the upload is accepted, but ffmpeg finds no audio in it. */
const BROKEN_WAV = Buffer.from('RIFF\0\0\0\0WAVE no audio here at all')

const wavFile = (data: Buffer, name: string) => ({ data, name, mimetype: 'audio/wav', size: data.length })

const storedAudio = async (id: number): Promise<Audio> => (await testPayload()).findByID({ collection: 'audio', id, depth: 0 })

/** The audio's peaks once the job stored them (polling the database); fails after `ms`. */
async function peaksOf(id: number, ms = 45_000): Promise<number[]> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 250))) {
    const { peaks } = await storedAudio(id)
    if (isPeaks(peaks)) return peaks
  }
  throw new Error(`audio ${id} got no peaks within ${ms} ms`)
}

/** The computePeaks jobs still waiting or failed for audio `id` (a completed job is deleted). */
async function openPeaksJobs(id: number) {
  const { docs } = await (
    await testPayload()
  ).find({ collection: 'payload-jobs', where: { taskSlug: { equals: 'computePeaks' } }, pagination: false, depth: 0 })
  return docs.filter((job) => (job.input as { audio?: number } | null)?.audio === id)
}

const average = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length

const peaksPath = (id: number | string) => `/api/audio/${id}/peaks/`

describe('waveform peaks of audio files', () => {
  let alice: TestCustomer
  let bob: TestCustomer
  let seller: { token: string }
  let trackId: number
  let recordingId: number

  beforeAll(async () => {
    const payload = await testPayload()
    ;[alice, bob, seller] = await Promise.all([createCustomer('alice'), createCustomer('bob'), loginSeller()])
    const [track, recording] = await Promise.all([
      payload.create({ collection: 'audio', data: { title: 'Wellen', purpose: 'track' }, file: wavFile(LOUD_THEN_QUIET, 'wellen-peaks.wav'), depth: 0 }),
      payload.create({
        collection: 'audio',
        data: { title: 'Stimme', purpose: 'recording', owner: alice.id },
        file: wavFile(LOUD_THEN_QUIET, 'stimme-peaks.wav'),
        depth: 0,
      }),
    ])
    trackId = track.id
    recordingId = recording.id
    await Promise.all([peaksOf(trackId), peaksOf(recordingId)])
  }, 60_000)
  afterAll(closeTestPayload)

  it('computes PEAKS_COUNT values from the file: the loud half high, the quiet half low, the loudest at PEAK_MAX', async () => {
    const peaks = await peaksOf(trackId)
    expect(peaks).toHaveLength(PEAKS_COUNT)
    expect(Math.max(...peaks)).toBe(PEAK_MAX)
    expect(Math.min(...peaks.slice(0, 490))).toBeGreaterThan(200)
    expect(Math.max(...peaks.slice(510))).toBeLessThan(60)
  })

  it('serves a catalog track’s peaks to a visitor, cacheable for long at its versioned URL, 304 when unchanged', async () => {
    const answer = await getJson(peaksPath(trackId))
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ peaks: await peaksOf(trackId) })
    expect(answer.headers.get('cache-control')).toBe('public, no-cache')
    const etag = answer.headers.get('etag')!
    expect(etag).toMatch(/^"[0-9a-z]+"$/)

    const versioned = await getJson(`${peaksPath(trackId)}?v=${etag.slice(1, -1)}`)
    expect(versioned.status).toBe(200)
    expect(versioned.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect((await getJson(peaksPath(trackId), { headers: { 'If-None-Match': etag } })).status).toBe(304)
  })

  it('shows a recording’s peaks to its owner and the seller only: 404 for visitors and other customers', async () => {
    const owner = await getJson(peaksPath(recordingId), { headers: bearer(alice) })
    expect(owner.status).toBe(200)
    expect(owner.body.peaks).toHaveLength(PEAKS_COUNT)
    expect(owner.headers.get('cache-control')).toBe('private, no-store')
    expect((await getJson(peaksPath(recordingId), { headers: bearer(seller) })).status).toBe(200)
    expect((await getJson(peaksPath(trackId), { headers: bearer(bob) })).status).toBe(200)

    for (const caller of [{}, bearer(bob)]) {
      const refused = await getJson(peaksPath(recordingId), { headers: caller })
      expect(refused.status).toBe(404)
      expect(refused.body).toEqual({ detail: 'Not found.' })
    }
  })

  it('answers a malformed or unknown id with 404 and a JSON detail', async () => {
    for (const id of ['abc', '-1', '1.5', '99999999999', '2147483000']) {
      const answer = await getJson(peaksPath(id))
      expect(answer.status).toBe(404)
      expect(answer.body.detail).toEqual(expect.any(String))
    }
  })

  it('lets nobody set peaks through the REST API, not even the seller, and queues no job for a save that keeps the file', async () => {
    const before = await peaksOf(trackId)
    // The upload's own job may still be listed (done, not yet deleted; seen in CI): only a new one counts.
    const earlierJobs = new Set((await openPeaksJobs(trackId)).map((job) => job.id))
    const patched = await getJson(`/api/cms/audio/${trackId}`, {
      method: 'PATCH',
      headers: { ...bearer(seller), 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Wellen (neu betitelt)', peaks: new Array(PEAKS_COUNT).fill(1) }),
    })
    expect(patched.status).toBe(200)
    expect((await storedAudio(trackId)).peaks).toEqual(before)
    expect((await openPeaksJobs(trackId)).filter((job) => !earlierJobs.has(job.id))).toEqual([])
  })

  it('replaces the peaks when the file is replaced, and serves them under a new version', async () => {
    const payload = await testPayload()
    const oldTag = (await getJson(peaksPath(trackId))).headers.get('etag')
    await payload.update({ collection: 'audio', id: trackId, data: {}, file: wavFile(QUIET_THEN_LOUD, 'wellen-peaks-neu.wav'), depth: 0 })
    const peaks = await peaksOf(trackId)
    expect(average(peaks.slice(0, 490))).toBeLessThan(60)
    expect(average(peaks.slice(510))).toBeGreaterThan(200)
    const answer = await getJson(peaksPath(trackId))
    expect(answer.body).toEqual({ peaks })
    expect(answer.headers.get('etag')).not.toBe(oldTag)
  }, 60_000)

  it('gives up on a file ffmpeg cannot decode at once (no retries): no peaks, and 404 with code peaks_pending', async () => {
    const payload = await testPayload()
    const broken = await payload.create({
      collection: 'audio',
      data: { title: 'Kaputt', purpose: 'recording', owner: alice.id },
      file: wavFile(BROKEN_WAV, 'kaputt-peaks.wav'),
      depth: 0,
    })
    expect(await openPeaksJobs(broken.id)).toHaveLength(1)
    for (const end = Date.now() + 45_000; (await openPeaksJobs(broken.id)).length > 0 && Date.now() < end;)
      await new Promise((resolve) => setTimeout(resolve, 250))
    expect(await openPeaksJobs(broken.id)).toEqual([])
    expect((await storedAudio(broken.id)).peaks ?? null).toBeNull()
    const answer = await getJson(peaksPath(broken.id), { headers: bearer(alice) })
    expect(answer.status).toBe(404)
    expect(answer.body).toEqual({ detail: expect.any(String), code: 'peaks_pending' })
  }, 60_000)

  it('draws a delivered version’s waveform in the seller’s order view (server-rendered SVG with an accessible name)', async () => {
    const orderId = await paidOrder(alice)
    const audioId = await deliverSong(orderId, { data: LOUD_THEN_QUIET, name: 'fassung-peaks.wav', mimetype: 'audio/wav' })
    await peaksOf(audioId)
    const { filename } = await storedAudio(audioId)
    // A top-level navigation as the browser makes it: Payload honours the login cookie only on same-site requests.
    const page = await fetch(`${BASE_URL}/admin/collections/orders/${orderId}`, {
      headers: {
        Accept: 'text/html',
        'Sec-Fetch-Site': 'same-origin',
        'Sec-Fetch-Mode': 'navigate',
        'Sec-Fetch-Dest': 'document',
        Cookie: `payload-token=${seller.token}`,
      },
    })
    expect(page.status).toBe(200)
    expect(await page.text()).toMatch(new RegExp(`<svg role="img" aria-label="(Wellenform von|Waveform of) ${filename}"[^>]*><path d="M0 24L`))
  }, 60_000)

  it('gives the demo seed’s catalog tracks their peaks, linked from the catalog API', async () => {
    let tracks: { audio: string | null; peaks: string | null }[] = []
    for (const end = Date.now() + 45_000; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 500))) {
      tracks = (await getJson('/api/music/tracks/')).body
      if (tracks.length > 0 && tracks.every((track) => track.peaks !== null)) break
    }
    expect(tracks.length).toBeGreaterThan(0)
    for (const track of tracks) expect(track.peaks).toMatch(/^\/api\/audio\/\d+\/peaks\/\?v=[0-9a-z]+$/)
    const served = await getJson(tracks[0]!.peaks!)
    expect(served.status).toBe(200)
    expect(served.body.peaks).toHaveLength(PEAKS_COUNT)
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  }, 60_000)
})
