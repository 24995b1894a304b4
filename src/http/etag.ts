/** Whether If-None-Match names the current version `etag` (weak comparison, RFC 9110 13.1.2), so a 304 answers. */
export const ifNoneMatchHolds = (ifNoneMatch: string | null, etag: string): boolean =>
  ifNoneMatch !== null && (ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag))
