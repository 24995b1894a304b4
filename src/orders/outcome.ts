/** Why the storefront refuses a caller's request: an HTTP 4xx status and a sentence for `detail`. */
export type Refusal = { ok: false; status: 400 | 404 | 409 | 413 | 415 | 429; detail: string }

/** What an order call answers: its result, or a refusal. */
export type Outcome<T> = { ok: true; value: T } | Refusal

export const refuse = (status: Refusal['status'], detail: string): Refusal => ({ ok: false, status, detail })

/** Someone else's order, a deleted one and a malformed id look alike, so nothing about other customers leaks. */
export const noSuchOrder = (): Refusal => refuse(404, 'There is no such order in your account.')
