import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '@/rules/idempotency-key'
import { type Outcome, refuse } from '@/site/outcome'

/** The key of an Idempotency-Key header (null when none was sent), or a 400 naming the rule. */
export function readIdempotencyKey(header: string | null): Outcome<string | null> {
  if (header === null) return { ok: true, value: null }
  const key = header.trim().replace(/^"(.*)"$/, '$1')
  if (IDEMPOTENCY_KEY_PATTERN.test(key)) return { ok: true, value: key }
  return refuse(400, `The ${IDEMPOTENCY_KEY_HEADER} header must be 1 to 255 visible ASCII characters without spaces (e.g. a UUID).`, {
    field: IDEMPOTENCY_KEY_HEADER,
  })
}
