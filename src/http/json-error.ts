/**
 * Error answers of the storefront API: JSON `{ "detail": "…" }` (spec section 8 reads `detail`).
 * `extra` adds machine-readable fields (e.g. a `code` the storefront translates).
 * Errors are never cached: a 404 for a file the caller may not see must not be served to its owner.
 */
export function jsonError(status: number, detail: string, extra: Record<string, unknown> = {}): Response {
  return Response.json({ detail, ...extra }, { status, headers: { 'Cache-Control': 'no-store' } })
}

export const notFound = (): Response => jsonError(404, 'Not found.')

/** A bug: log it on the server, tell the client nothing about it. */
export function internalError(error: unknown, context: string): Response {
  console.error(`${context} failed:`, error)
  return jsonError(500, 'Internal server error.')
}
