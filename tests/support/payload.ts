import type { Payload } from 'payload'
import { closePayload, openPayload } from '../../scripts/lib/payload'

let instance: Promise<Payload> | undefined

/** Payload's Local API on the test database (DATABASE_URL, set by scripts/test.ts). */
export function testPayload(): Promise<Payload> {
  // The tests' own connections wait longer than the shop's 5 s: with CI's lanes side by side a new
  // connection once took longer, and a whole file failed before its first test ("connection
  // timeout"). The pool's own limit is under test elsewhere (tests/deployment/faults-pool.test.ts).
  process.env.DATABASE_POOL_ACQUIRE_TIMEOUT_MS ??= '30000'
  instance ??= openPayload()
  return instance
}

/** Call from afterAll in every file that used testPayload(). */
export async function closeTestPayload(): Promise<void> {
  if (instance) await closePayload(await instance)
  instance = undefined
}
