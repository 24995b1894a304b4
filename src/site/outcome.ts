/** The 4xx statuses a refusal answers with. */
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 503

/**
 * Why the shop refuses a caller's request: an HTTP 4xx status and a sentence for `detail`;
 * optionally a `code` the storefront translates, the input `field` it is about, and more fields
 * for the JSON answer (src/http/answer.ts: the refusal's fields after `ok` and `status`, in their
 * order). `retryAfterSeconds` becomes the Retry-After header, not a field.
 */
export type Refusal = {
  ok: false
  status: RefusalStatus
  detail: string
  code?: string
  field?: string | null
  orders?: number[]
  retryAfterSeconds?: number
}

/** What a call answers: its result, or a refusal. */
export type Outcome<T> = { ok: true; value: T } | Refusal

/** The one way to make a refusal; `more` adds `code`, `field` … in the order given. */
export const refuse = (status: RefusalStatus, detail: string, more: Omit<Refusal, 'ok' | 'status' | 'detail'> = {}): Refusal => ({
  ok: false,
  status,
  detail,
  ...more,
})

export const succeed = <T>(value: T): Outcome<T> => ({ ok: true, value })
