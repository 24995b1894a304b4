/**
 * GET /api/csrf/ (called by the storefront at start-up). Login cookies are SameSite=Lax and every
 * state-changing call takes JSON or multipart, so no token is needed; the call answers so clients
 * written against the spec keep working.
 */
export function GET(): Response {
  return Response.json({ detail: 'CSRF protection is by SameSite cookies; no token is needed.' }, { headers: { 'Cache-Control': 'no-store' } })
}
