import type { Payload } from 'payload'
import { closePayload, openPayload } from '../../scripts/lib/payload'

let instance: Promise<Payload> | undefined

/** Payload's Local API on the test database (DATABASE_URL, set by scripts/test.ts). */
export function testPayload(): Promise<Payload> {
  instance ??= openPayload()
  return instance
}

/** Call from afterAll in every file that used testPayload(). */
export async function closeTestPayload(): Promise<void> {
  if (instance) await closePayload(await instance)
  instance = undefined
}
