import { busyLockRefusal, isBusyLock } from '@/site/busy-lock'
import type { Outcome, Refusal } from '@/site/outcome'
import { databaseBusyAnswer, databaseOutageAnswer, isDatabaseBusy, isDatabaseOutage } from './outage'

/**
 * The one conversion of an outcome into an HTTP answer, for the route adapters (src/app/api/_adapters)
 * and Payload's endpoints (collections) alike; it sits in this base layer so that neither imports upward.
 *
 * A refusal becomes JSON `{ "detail": "…" }` (spec section 8 reads `detail`) followed by its other
 * fields (`code`, `field` …) and, when it says so, a Retry-After header. A result becomes its value
 * as JSON with `status`. Neither is ever cached: a 404 for a file the caller may not see must not be
 * served to its owner, and results are personal.
 */
export function answer(refusal: Refusal): Response
export function answer<T>(outcome: Outcome<T>, status?: number): Response
export function answer<T>(outcome: Outcome<T>, status = 200): Response {
  if (outcome.ok) return Response.json(outcome.value, { status, headers: { 'Cache-Control': 'no-store' } })
  const fields: Record<string, unknown> = { ...outcome }
  for (const notAField of ['ok', 'status', 'detail', 'retryAfterSeconds']) delete fields[notAField]
  const response = jsonError(outcome.status, outcome.detail, fields)
  if (outcome.retryAfterSeconds) response.headers.set('Retry-After', String(outcome.retryAfterSeconds))
  return response
}

/** An error answer without an outcome (a route adapter's own refusal): `{ detail, ...extra }`, never cached. */
export function jsonError(status: number, detail: string, extra: Record<string, unknown> = {}): Response {
  return Response.json({ detail, ...extra }, { status, headers: { 'Cache-Control': 'no-store' } })
}

/** Payload's "busy, try again" (429) as the storefront's answer: its message as `detail`, its Retry-After kept. */
export function busyAnswer(payloadResponse: Response, message = 'Please try again in a moment.'): Response {
  const headers = { 'Cache-Control': 'no-store', 'Retry-After': payloadResponse.headers.get('Retry-After') ?? '1' }
  return Response.json({ detail: message }, { status: 429, headers })
}

export const notFound = (): Response => jsonError(404, 'Not found.')

/** A bug: log it on the server, tell the client nothing about it. An unreachable or full database is no bug: 503 (src/http/outage.ts). */
export function internalError(error: unknown, context: string): Response {
  // Another request of the same customer holds its lock: a clear 409 to try again, no bug.
  if (isBusyLock(error)) return answer(busyLockRefusal())
  if (isDatabaseBusy(error)) {
    console.error(`${context}: no database connection became free in time; answered 503.`)
    return databaseBusyAnswer()
  }
  if (isDatabaseOutage(error)) {
    console.error(`${context}: the database cannot be reached; answered 503.`)
    return databaseOutageAnswer()
  }
  console.error(`${context} failed:`, error)
  return jsonError(500, 'Internal server error.')
}
