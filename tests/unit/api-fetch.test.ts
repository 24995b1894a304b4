import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { apiFetch } from '../../src/auth/access-token'
import { IDEMPOTENCY_KEY_HEADER } from '../../src/rules/idempotency-key'

/*
 * The storefront's fetch (src/auth/access-token.ts) against a real HTTP server on the loopback
 * address that breaks off its first answer the way a killed instance does behind the balancer
 * (the status line sent, then the connection closed: issue 31's failover test saw an order's
 * answer end so), and answers every later request.
 */
let server: Server
let baseUrl: string
const received: { key: string | undefined; body: string }[] = []

const bodyOf = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = ''
    request.on('data', (chunk: Buffer) => (text += chunk.toString()))
    request.on('end', () => resolve(text))
  })

beforeAll(async () => {
  server = createServer(async (request, response) => {
    received.push({ key: request.headers['idempotency-key'] as string | undefined, body: await bodyOf(request) })
    if (received.length === 1) {
      response.socket?.write('HTTP/1.1 201 Created\r\nContent-Type: appl')
      response.socket?.destroy()
      return
    }
    response.writeHead(201, { 'Content-Type': 'application/json' })
    response.end(JSON.stringify({ id: 7, request: received.length }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
beforeEach(() => {
  received.length = 0
})

const order = { package: 'soundtouch' }

test('a call with an Idempotency-Key whose answer broke off is sent again, with the same key and body, and the second answer is returned', async () => {
  const response = await apiFetch(`${baseUrl}/api/orders/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [IDEMPOTENCY_KEY_HEADER]: 'song-1.abc' },
    body: JSON.stringify(order),
  })
  expect(response.status).toBe(201)
  expect(await response.json()).toEqual({ id: 7, request: 2 })
  expect(received).toEqual([
    { key: 'song-1.abc', body: JSON.stringify(order) },
    { key: 'song-1.abc', body: JSON.stringify(order) },
  ])
})

test('a call without a key is not sent again: its failure reaches the caller', async () => {
  await expect(
    apiFetch(`${baseUrl}/api/cart/items/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(order) }),
  ).rejects.toThrow()
  expect(received).toHaveLength(1)
})

test('a keyed call whose answers keep breaking off fails after three tries', async () => {
  const unreachable = createServer((request) => request.socket.destroy())
  await new Promise<void>((resolve) => unreachable.listen(0, '127.0.0.1', resolve))
  let tries = 0
  unreachable.on('request', () => (tries += 1))
  try {
    await expect(
      apiFetch(`http://127.0.0.1:${(unreachable.address() as AddressInfo).port}/api/orders/`, {
        method: 'POST',
        headers: { [IDEMPOTENCY_KEY_HEADER]: 'song-2.def' },
        body: '{}',
      }),
    ).rejects.toThrow()
    expect(tries).toBe(3)
  } finally {
    await new Promise<void>((resolve) => unreachable.close(() => resolve()))
  }
})
