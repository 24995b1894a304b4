/**
 * The caller's IP address, for rate limits. Next fills X-Forwarded-For with the socket address
 * when the request has none; a reverse proxy in front appends the address it saw. The last entry
 * is therefore the one nearest to us. (Without a proxy, a client can send its own header; the
 * limits that use this also have a global cap.)
 */
export function clientAddress(request: Request): string {
  const chain = (request.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  return chain.at(-1) ?? 'unknown'
}
