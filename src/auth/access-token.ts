import { IDEMPOTENCY_KEY_HEADER } from '@/rules/idempotency-key'

/**
 * The access token in the browser (spec sections 3 and 7): the login answer's `access`, kept in
 * localStorage and sent as a Bearer header; the HttpOnly cookie from the same login is sent too.
 */
export const ACCESS_TOKEN_KEY = 'access'

export function storedAccessToken(): string | null {
  try {
    return localStorage.getItem(ACCESS_TOKEN_KEY)
  } catch {
    return null
  }
}

export const storeAccessToken = (token: string): void => localStorage.setItem(ACCESS_TOKEN_KEY, token)

export const forgetAccessToken = (): void => localStorage.removeItem(ACCESS_TOKEN_KEY)

/**
 * fetch for the storefront API: cookies always, the Bearer header when a token is stored, and the
 * page's language as Accept-Language, so that answers and the mails a call causes speak the
 * language the visitor reads (a German page in an English browser stays German). A call refused
 * as busy is sent again after the pause the server names; one with an Idempotency-Key also when
 * its answer was lost.
 */
export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers)
  const token = storedAccessToken()
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`)
  const pageLanguage = typeof document === 'undefined' ? '' : document.documentElement.lang
  if (pageLanguage && !headers.has('Accept-Language')) headers.set('Accept-Language', pageLanguage)
  // Two budgets: sends that got an answer (busy ones) and sends whose answer was lost.
  for (let answered = 0, lost = 0; ;) {
    let response: Response
    try {
      response = await fetch(path, { ...init, headers, credentials: 'include' })
    } catch (error) {
      lost += 1
      if (!headers.has(IDEMPOTENCY_KEY_HEADER) || init.signal?.aborted || lost >= LOST_ANSWER_ATTEMPTS) throw error
      await pause(LOST_ANSWER_PAUSE_MS * lost)
      continue
    }
    answered += 1
    const waitSeconds = busyRetrySeconds(response)
    if (waitSeconds === null || answered >= BUSY_ATTEMPTS) return response
    await pause(waitSeconds * 1000)
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** How often a call that keeps being refused as busy is sent (the first time included). */
const BUSY_ATTEMPTS = 4

/**
 * How often a call with an Idempotency-Key is sent when its answer is lost (the connection broke,
 * as when the instance answering it dies: issue 31), the first time included, and the pause before
 * each repeat (this long times the repeats so far). The key makes a repeat return the first
 * result, so the visitor never sees the break.
 */
const LOST_ANSWER_ATTEMPTS = 3
const LOST_ANSWER_PAUSE_MS = 500

/**
 * A 409 with a short Retry-After: the server was busy with another request of the same customer
 * (its lock, or the order's payment page being prepared) and asks to send it again shortly. The
 * body (JSON, FormData, a string) can be sent again; a stream could not, but none is sent here.
 */
function busyRetrySeconds(response: Response): number | null {
  if (response.status !== 409) return null
  const seconds = Number(response.headers.get('Retry-After'))
  return Number.isFinite(seconds) && seconds > 0 && seconds <= 5 ? seconds : null
}

/** POSTs JSON through apiFetch. */
export const postJson = (path: string, body: unknown): Promise<Response> =>
  apiFetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })

/** The `detail` of a JSON error answer, or null. */
export const errorDetail = (response: Response): Promise<string | null> =>
  response
    .json()
    .then((data: { detail?: unknown }) => (typeof data?.detail === 'string' ? data.detail : null))
    .catch(() => null)
