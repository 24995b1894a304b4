/**
 * What the backup-and-restore test does with a shop of its own, through the shop's HTTP API only
 * (its database is not the one tests/support/payload.ts opens): customers, orders paid by signed
 * Stripe webhook events (Stripe cannot be reached: the SDK's own test helper signs them), voice
 * recordings, the seller's deliveries; and running the backup and restore commands.
 */
import { randomBytes, randomFillSync } from 'node:crypto'
import { runCollected } from '../../../scripts/lib/processes'
import { silentWav } from '../../support/audio'
import { CONSENTS } from '../../support/orders'
import { paidSession, signedStripeEvent } from '../../support/stripe-events'

export type Caller = { token: string }
export type Customer = Caller & { username: string; password: string }

const auth = (caller: Caller) => ({ Authorization: `JWT ${caller.token}` })

/** A JSON call to the shop at `baseUrl`; the answer's status and parsed body. */
export async function call(baseUrl: string, path: string, init: RequestInit & { as?: Caller; json?: unknown } = {}) {
  const { as, json, ...rest } = init
  const headers: Record<string, string> = { ...(as && auth(as)), ...(json !== undefined && { 'Content-Type': 'application/json' }) }
  const response = await fetch(baseUrl + path, { redirect: 'manual', ...rest, headers, ...(json !== undefined && { body: JSON.stringify(json) }) })
  const text = await response.text()
  let body: any = text
  try {
    body = text ? JSON.parse(text) : undefined
  } catch {
    // not JSON: kept as text
  }
  if (response.status >= 400) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text.slice(0, 300)}`)
  return { status: response.status, body }
}

export async function loginSeller(baseUrl: string): Promise<Caller> {
  const { body } = await call(baseUrl, '/api/cms/users/login', {
    method: 'POST',
    json: { email: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD },
  })
  return { token: body.token }
}

/** A customer who registers through the storefront and logs in. */
export async function registerCustomer(baseUrl: string, prefix: string): Promise<Customer> {
  const username = `${prefix}-${randomBytes(3).toString('hex')}`
  const password = `Pw-${randomBytes(8).toString('hex')}`
  await call(baseUrl, '/api/accounts/register/', { method: 'POST', json: { username, email: `${username}@example.com`, password } })
  const { body } = await call(baseUrl, '/api/accounts/login/', { method: 'POST', json: { username, password } })
  return { token: body.access, username, password }
}

export async function placeOrder(baseUrl: string, customer: Customer, payment_method: 'credit_card' | 'prepayment'): Promise<{ id: number; total: number }> {
  const { body } = await call(baseUrl, '/api/orders/', {
    method: 'POST',
    as: customer,
    json: { package: 'vocalbalance', theme: 'custom', custom_theme: `Backup ${customer.username}`, payment_method, ...CONSENTS },
  })
  return body
}

/** Stripe reports the Checkout Session paid (a signed webhook event); the shop issues the invoice. */
export async function payByStripe(baseUrl: string, order: { id: number; total: number }): Promise<void> {
  const { body, signature } = signedStripeEvent(paidSession(order.id, Math.round(order.total * 100)))
  const response = await fetch(`${baseUrl}/api/payments/stripe/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    body,
  })
  const answer = await response.json()
  if (response.status !== 200 || answer.outcome !== 'paid') throw new Error(`payment of order ${order.id}: ${response.status} ${JSON.stringify(answer)}`)
}

/** A real WAV whose samples are random, so every file's bytes are its own. */
export function distinctWav(seconds: number): Buffer {
  const wav = silentWav(seconds)
  randomFillSync(wav, 44)
  return wav
}

const wavForm = (bytes: Buffer, name: string, fields: Record<string, string>): FormData => {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'audio/wav' }), name)
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  return form
}

/** The customer's voice recording for the order; returns its URL. */
export async function uploadRecording(baseUrl: string, customer: Customer, orderId: number, bytes: Buffer): Promise<string> {
  const { body } = await call(baseUrl, `/api/orders/${orderId}/upload-audio/`, {
    method: 'POST',
    as: customer,
    body: wavForm(bytes, 'meine-stimme.wav', { description: 'Meine Stimme' }),
  })
  return body.file
}

/** The seller uploads the finished song and delivers it (POST /api/cms/orders/{id}/deliver); returns its URL. */
export async function deliverSong(baseUrl: string, seller: Caller, orderId: number, bytes: Buffer): Promise<string> {
  const uploaded = await call(baseUrl, '/api/cms/audio', {
    method: 'POST',
    as: seller,
    body: wavForm(bytes, 'dein-song.wav', { _payload: JSON.stringify({ title: 'Dein Song', purpose: 'delivery' }) }),
  })
  await call(baseUrl, `/api/cms/orders/${orderId}/deliver`, { method: 'POST', as: seller, json: { files: [uploaded.body.doc.id], description: 'Dein Song' } })
  return uploaded.body.doc.url
}

/** A file as a player asks for it: a byte range. */
export async function rangeGet(baseUrl: string, url: string, caller: Caller, range: string): Promise<{ status: number; bytes: Buffer }> {
  const response = await fetch(baseUrl + url, { headers: { ...auth(caller), Range: range } })
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) }
}

export async function invoicePdf(baseUrl: string, customer: Customer, path: string): Promise<Buffer> {
  const response = await fetch(baseUrl + path, { headers: auth(customer) })
  if (response.status !== 200) throw new Error(`${path}: ${response.status}`)
  return Buffer.from(await response.arrayBuffer())
}

/** `npm run <script> -- <args>` with `env`, as an operator runs it; its output and how long it took. */
export async function npmRun(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ ok: boolean; output: string; seconds: number }> {
  const started = Date.now()
  const { ok, output } = await runCollected('npm', ['run', '--silent', script, '--', ...args], env)
  return { ok, output, seconds: (Date.now() - started) / 1000 }
}
