/**
 * The shop's secret (PAYLOAD_SECRET): Payload signs its sessions with it, and the shop derives the
 * keys of its signed links from it. Never a known secret in production; scripts/start.ts
 * generates one into ./data when unset.
 */
export function shopSecret(): string {
  const secret = process.env.PAYLOAD_SECRET
  if (secret) return secret
  if (process.env.NODE_ENV === 'production') throw new Error('PAYLOAD_SECRET must be set in production.')
  return 'development-only-secret-do-not-use-in-production'
}
