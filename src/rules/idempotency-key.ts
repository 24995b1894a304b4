/**
 * The header a client sends with POST /api/orders/ so that a retry after a lost answer returns the
 * first order instead of placing a second one (the IETF draft "The Idempotency-Key HTTP Header
 * Field", as Stripe's API uses it).
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key'

/** The answer's header that says it repeats the first answer to this key. */
export const IDEMPOTENT_REPLAY_HEADER = 'Idempotent-Replayed'

/** 1 to 255 visible ASCII characters (a UUID, or the client's own scheme); the draft's quotes may be sent around it. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/
