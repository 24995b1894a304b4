import { createHmac } from 'node:crypto'
import http from 'node:http'
import { silentWav } from '../support/audio'
import { BASE_URL, getJson } from '../support/http'
import { closeTestPayload, testPayload } from '../support/payload'
import { bearer, createCustomer, loginSeller } from '../support/users'

/**
 * The seller's streaming upload path of scripts/serve.ts: only a request with a valid admin token
 * (Authorization or the payload-token cookie) may send a body past the 1 MB cap of Payload's REST,
 * up to MAX_UPLOAD_MB (default 200) + 64 KB; anybody else is refused with 413 before the body is read.
 */

const KB = 1024
const MB = 1024 * KB
const SELLER_CAP = 200 * MB + 64 * KB

/** A lossless "master" of about `megabytes` MB: a real WAV that Payload's content check accepts. */
const master = (megabytes: number) => silentWav((megabytes * MB) / 16000)

function audioForm(bytes: Buffer) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'audio/wav' }), 'master.wav')
  form.append('_payload', JSON.stringify({ title: 'Master' }))
  return form
}

/** Sends only the headers of a POST to /api/cms/audio announcing `length` bytes, and reads the answer (or none within `waitMs`). */
function announce(length: number, headers: Record<string, string>, waitMs = 3000): Promise<{ status: number | null; detail?: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${BASE_URL}/api/cms/audio`, {
      method: 'POST',
      agent: false,
      headers: { ...headers, 'Content-Type': 'multipart/form-data; boundary=----seller', 'Content-Length': String(length) },
    })
    const timer = setTimeout(() => {
      request.destroy()
      resolve({ status: null })
    }, waitMs)
    request.on('response', (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (text: string) => (body += text))
      response.on('end', () => {
        clearTimeout(timer)
        request.destroy()
        resolve({ status: response.statusCode ?? 0, detail: body ? JSON.parse(body).detail : undefined })
      })
    })
    request.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    request.flushHeaders()
  })
}

/** A token in Payload's form with role admin, signed with a key that is not the shop's. */
function forgedAdminToken(): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ id: 1, collection: 'users', role: 'admin', exp: Math.floor(Date.now() / 1000) + 3600 })}`
  return `${unsigned}.${createHmac('sha256', 'not-the-shops-key').update(unsigned).digest('base64url')}`
}

describe("the seller's large uploads (scripts/serve.ts)", () => {
  afterAll(closeTestPayload)

  it('accepts a 3 MB master from the seller, by token and by login cookie, past the 1 MB cap of Payload’s REST', async () => {
    const seller = await loginSeller()
    const bytes = master(3)
    expect(bytes.length).toBeGreaterThan(2 * MB)

    const byToken = await getJson('/api/cms/audio', { method: 'POST', headers: bearer(seller), body: audioForm(bytes) })
    expect(byToken.status).toBe(201)
    const byCookie = await getJson('/api/cms/audio', {
      method: 'POST',
      headers: { Cookie: `payload-token=${seller.token}`, Origin: BASE_URL },
      body: audioForm(bytes),
    })
    expect(byCookie.status).toBe(201)

    const payload = await testPayload()
    for (const id of [byToken.body.doc.id, byCookie.body.doc.id]) {
      const stored = await payload.findByID({ collection: 'audio', id, depth: 0 })
      expect(stored.filesize).toBe(bytes.length)
      await payload.delete({ collection: 'audio', id })
    }
  }, 60_000)

  it('refuses the same upload from a customer, an anonymous caller and a forged admin token with 413, before the body is sent', async () => {
    const customer = await createCustomer('seller-cap')
    const bytes = master(3)
    for (const headers of [bearer(customer), {}, { Authorization: `JWT ${forgedAdminToken()}` }]) {
      const answer = await announce(bytes.length, headers)
      expect(answer.status).toBe(413)
      expect(answer.detail).toMatch(/too large/)
    }
  }, 60_000)

  it('gives the seller up to MAX_UPLOAD_MB + 64 KB and no more: one byte over is refused before the body is sent', async () => {
    const seller = await loginSeller()
    expect(await announce(SELLER_CAP + 1, bearer(seller))).toMatchObject({ status: 413, detail: expect.stringMatching(/too large/) })
    // At the cap the server waits for the body instead of refusing it.
    expect(await announce(SELLER_CAP, bearer(seller), 1500)).toEqual({ status: null })
  })
})
