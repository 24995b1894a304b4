import { readFileSync } from 'node:fs'
import http from 'node:http'
import { BASE_URL, getJson, ownLoopbackAddress } from '../support/http'
import { closeTestPayload } from '../support/payload'
import { bearer, createCustomer } from '../support/users'

const MB = 1024 * 1024
const HUGE = 200 * MB

/** Resident memory of the process that handles the requests (scripts/test.ts sets SERVER_PID). */
function serverRssBytes(): number {
  const status = readFileSync(`/proc/${process.env.SERVER_PID}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024
}

type Answer = { status: number; body: string; sentBytes: number }

/**
 * Sends a chunked body of `total` bytes, generated while sending (one reused 64 KB chunk, never the
 * whole body in memory), and stops sending as soon as the answer arrives.
 */
function sendChunked(method: string, path: string, headers: Record<string, string>, total = HUGE): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const chunk = Buffer.alloc(64 * 1024, 'a')
    let sentBytes = 0
    let answered = false
    const request = http.request(BASE_URL + path, { method, headers: { ...headers, 'Transfer-Encoding': 'chunked' } })
    request.on('response', (response) => {
      answered = true
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (text: string) => (body += text))
      response.on('end', () => {
        request.destroy()
        resolve({ status: response.statusCode ?? 0, body, sentBytes })
      })
      response.on('error', () => resolve({ status: response.statusCode ?? 0, body, sentBytes }))
    })
    request.on('error', (error) => {
      if (!answered) reject(new Error(`${method} ${path}: no answer after ${sentBytes} bytes (${error.message})`))
    })
    const pump = () => {
      while (!answered && !request.destroyed && sentBytes < total) {
        sentBytes += chunk.length
        if (!request.write(chunk)) return void request.once('drain', pump)
      }
      if (!answered && !request.destroyed) request.end()
    }
    pump()
  })
}

/** Sends only the headers, announcing a huge Content-Length, and waits for the answer. */
function announceOnly(method: string, path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(BASE_URL + path, { method, headers: { ...headers, 'Content-Length': String(HUGE) } })
    request.on('response', (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (text: string) => (body += text))
      response.on('end', () => {
        request.destroy()
        resolve({ status: response.statusCode ?? 0, body, sentBytes: 0 })
      })
    })
    request.on('error', reject)
    request.flushHeaders()
    setTimeout(() => reject(new Error(`${method} ${path}: no answer before the body was sent`)), 10000).unref()
  })
}

const json = { 'Content-Type': 'application/json' }
const multipart = { 'Content-Type': 'multipart/form-data; boundary=----edge' }

const storefrontWrites: [string, string, Record<string, string>][] = [
  ['POST', '/api/auth/', json],
  ['POST', '/api/auth/refresh/', json],
  ['POST', '/api/accounts/login/', json],
  ['POST', '/api/accounts/logout/', json],
  ['POST', '/api/accounts/register/', json],
  ['POST', '/api/contact/', json],
  ['POST', '/api/orders/', json],
  ['POST', '/api/orders/1/confirm/', json],
  ['POST', '/api/orders/1/upload-audio/', multipart],
  ['POST', '/api/orders/1/pay/', json],
  ['POST', '/api/payments/stripe/webhook', json],
]
const cmsCollections = [
  'users', 'media', 'audio', 'categories', 'tracks', 'music-groups', 'news', 'packages', 'use-types',
  'focus-themes', 'orders', 'invoices', 'payment-events', 'invoice-counters', 'contact-messages', 'rate-limit-hits',
  'email-confirmation-links',
  'payload-preferences', 'payload-locked-documents',
]
const cmsWrites: [string, string, Record<string, string>][] = [
  ...cmsCollections.map((slug): [string, string, Record<string, string>] => ['POST', `/api/cms/${slug}`, slug === 'media' || slug === 'audio' ? multipart : json]),
  ['POST', '/api/cms/globals/settings', json],
  ['POST', '/api/cms/globals/about', json],
  ['PATCH', '/api/cms/orders/1', json],
  ['PATCH', '/api/cms/users/1', json],
  ['POST', '/api/cms/users/login', json],
  ['POST', '/admin', { 'Content-Type': 'text/plain;charset=UTF-8', 'Next-Action': '0123456789abcdef0123456789abcdef01234567' }],
]

describe('request-body limits', () => {
  afterAll(closeTestPayload)

  it('refuses a 200 MB chunked body on every writing route with 413, and the server’s memory stays flat', async () => {
    const customer = await createCustomer('bodylimit')
    const rssBefore = serverRssBytes()
    const outcomes: string[] = []
    const asCustomer = { ...bearer(customer) }
    for (const [method, path, headers] of [...storefrontWrites, ...cmsWrites]) {
      for (const caller of [{}, asCustomer]) {
        const answer = await sendChunked(method, path, { ...headers, ...caller })
        outcomes.push(`${method} ${path} ${'Authorization' in caller ? 'customer' : 'anonymous'}: ${answer.status}`)
        expect({ route: `${method} ${path}`, status: answer.status }).toEqual({ route: `${method} ${path}`, status: 413 })
        expect(JSON.parse(answer.body).detail).toMatch(/too large/)
        expect(answer.sentBytes).toBeLessThan(HUGE)
      }
    }
    const growth = serverRssBytes() - rssBefore
    expect(growth).toBeLessThan(50 * MB)
  }, 300_000)

  it('answers an announced oversize Content-Length with 413 before the body is sent', async () => {
    for (const [method, path, headers] of [...storefrontWrites, ...cmsWrites]) {
      const answer = await announceOnly(method, path, headers)
      expect({ route: `${method} ${path}`, status: answer.status }).toEqual({ route: `${method} ${path}`, status: 413 })
      expect(JSON.parse(answer.body).detail).toMatch(/too large/)
    }
  })

  it('still accepts an ordinary JSON body (the caps do not break normal calls)', async () => {
    const response = await getJson('/api/auth/', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: 'nobody-edge', password: 'wrong-password' }),
      from: ownLoopbackAddress(),
    })
    expect(response.status).toBe(401)
  })
})
