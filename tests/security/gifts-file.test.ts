import { randomBytes } from 'node:crypto'
import { silentWav } from '../support/audio'
import { deliverSong, paidOrder } from '../support/deliveries'
import { BASE_URL, getJson } from '../support/http'
import { closeTestPayload } from '../support/payload'
import { bearer, createCustomer, type TestCustomer } from '../support/users'

/**
 * The gift page's audio (/api/gifts/{token}/audio) is open to anyone with the link. A master file
 * may carry tags the seller's tools wrote into it (a comment with the customer's name, a title):
 * the gift link serves the same tag-free MP3 as the downloads, never the master itself, and
 * still answers Range requests for the player.
 */

/** A RIFF chunk: id, little-endian size, the data padded to an even length. */
function chunk(id: string, data: Buffer): Buffer {
  const size = Buffer.alloc(4)
  size.writeUInt32LE(data.length)
  return Buffer.concat([Buffer.from(id, 'latin1'), size, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)])
}

/** A real WAV (2 s of silence) with a LIST/INFO chunk: title (INAM) and comment (ICMT) tags as tag editors write them. */
function taggedWav(title: string, comment: string): Buffer {
  const plain = silentWav(2)
  const format = plain.subarray(12, 36) // "fmt " chunk
  const data = plain.subarray(36) // "data" chunk
  const zeroTerminated = (text: string) => Buffer.concat([Buffer.from(text, 'latin1'), Buffer.alloc(1)])
  const info = chunk('LIST', Buffer.concat([Buffer.from('INFO'), chunk('INAM', zeroTerminated(title)), chunk('ICMT', zeroTerminated(comment))]))
  const body = Buffer.concat([Buffer.from('WAVE'), format, info, data])
  const header = Buffer.alloc(8)
  header.write('RIFF', 0)
  header.writeUInt32LE(body.length, 4)
  return Buffer.concat([header, body])
}

const visit = (path: string, init: RequestInit = {}) => fetch(BASE_URL + path, { redirect: 'manual', ...init })

describe('the gift link serves the song without the master’s tags', () => {
  let alice: TestCustomer
  let token: string
  const secret = `Kundin-Erika-Geheim-${randomBytes(4).toString('hex')}`
  const master = taggedWav(`Titel ${secret}`, `Fuer ${secret}, Kundennummer 4711`)

  beforeAll(async () => {
    alice = await createCustomer('geschenk-tags')
    const orderId = await paidOrder(alice, 'vocalbalance')
    const audioId = await deliverSong(orderId, { data: master, name: 'mit-tags.wav', mimetype: 'audio/wav' }, 'Ein Lied')
    const created = await getJson(`/api/orders/${orderId}/gift-links/`, {
      method: 'POST',
      headers: { ...bearer(alice), 'Content-Type': 'application/json' },
      body: JSON.stringify({ audio: audioId }),
    })
    expect(created.status).toBe(201)
    token = new URL(created.body.url).pathname.split('/').at(-1)!
  })
  afterAll(closeTestPayload)

  it('the master really carries the tag (so the next test can fail)', () => {
    expect(master.includes(Buffer.from(secret, 'latin1'))).toBe(true)
  })

  it('answers the whole file without the tag text, as MP3', async () => {
    const response = await visit(`/api/gifts/${token}/audio`)
    expect(response.status).toBe(200)
    const served = Buffer.from(await response.arrayBuffer())
    expect(served.length).toBeGreaterThan(1000)
    expect(served.includes(Buffer.from(secret, 'latin1'))).toBe(false)
    expect(served.includes(Buffer.from(secret, 'utf16le'))).toBe(false)
    expect(served.includes(Buffer.from('Kundennummer', 'latin1'))).toBe(false)
    expect(response.headers.get('content-type')).toBe('audio/mpeg')
  })

  it('answers a Range request with 206 and that part of the same tag-free file', async () => {
    const whole = Buffer.from(await (await visit(`/api/gifts/${token}/audio`)).arrayBuffer())
    const range = await visit(`/api/gifts/${token}/audio`, { headers: { Range: 'bytes=100-299' } })
    expect(range.status).toBe(206)
    expect(range.headers.get('content-range')).toBe(`bytes 100-299/${whole.length}`)
    expect(Buffer.from(await range.arrayBuffer()).equals(whole.subarray(100, 300))).toBe(true)
  })
})
