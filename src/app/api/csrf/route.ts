/**
 * GET /api/csrf/ (called by the storefront at start-up). No token is needed: every state-changing
 * call must come from the shop's own origin (Origin / Sec-Fetch-Site) and carry JSON or multipart,
 * which a form on another site cannot send (src/app/api/_adapters/write-guard.ts); the call answers so clients
 * written against the spec keep working.
 */
export function GET(): Response {
  return Response.json({ detail: 'CSRF protection is by same-origin checks on every write; no token is needed.' }, { headers: { 'Cache-Control': 'no-store' } })
}
