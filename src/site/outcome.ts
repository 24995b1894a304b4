/** The statuses a refusal answers with: 4xx, and 503/507 for an outage or a full disk (src/http/outage.ts). */
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503 | 507

/**
 * Why the shop refuses a caller's request: an HTTP 4xx status and a sentence for `detail`;
 * optionally a `code` the storefront translates, the input `field` it is about, and more fields
 * for the JSON answer (src/http/answer.ts writes the fields after `ok` and `status` in their
 * order). `retryAfterSeconds` becomes the Retry-After header, not a field.
 */
export type Refusal<Code extends string = string> = {
  ok: false
  status: RefusalStatus
  detail: string
  code?: Code
  field?: string | null
  orders?: number[]
  /** The malformed rows of an uploaded list (the followers' CSV import). */
  problems?: { line: number; text: string; problem: string }[]
  retryAfterSeconds?: number
}

/** What a call answers: its result, or a refusal. */
export type Outcome<T, Code extends string = string> = { ok: true; value: T } | Refusal<Code>

type RefusalFields<Code extends string> = Omit<Refusal<Code>, 'ok' | 'status' | 'detail'>

/** The one way to make a refusal; `fields` adds `code`, `field` … in the order given. */
export const refuse = <Code extends string = string>(status: RefusalStatus, detail: string, fields: RefusalFields<Code> = {}): Refusal<Code> => ({
  ok: false,
  status,
  detail,
  ...fields,
})
