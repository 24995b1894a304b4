import { ownOrigins } from '@/site/public-url'

/**
 * Where a request comes from, as far as the browser tells us:
 * - 'same-origin': Origin is one of the shop's own origins (src/site/public-url.ts: ownOrigins), or (no Origin) Sec-Fetch-Site says same-origin or none
 *   (a navigation the visitor started);
 * - 'foreign': another origin, Origin "null" (sandboxed or privacy-masked), or a same-site/cross-site fetch;
 * - 'unmarked': neither header, i.e. not a browser (curl, a server, our tests). Every browser in use
 *   sends Origin on POST/PUT/PATCH/DELETE, so a forged cross-site request is never unmarked.
 */
export type RequestSource = 'same-origin' | 'foreign' | 'unmarked'

export function requestSource(headers: Headers, origins: readonly string[] = ownOrigins()): RequestSource {
  const requestOrigin = headers.get('origin')
  if (requestOrigin !== null) return origins.includes(requestOrigin) ? 'same-origin' : 'foreign'
  const fetchSite = headers.get('sec-fetch-site')
  if (fetchSite === null) return 'unmarked'
  return fetchSite === 'same-origin' || fetchSite === 'none' ? 'same-origin' : 'foreign'
}
