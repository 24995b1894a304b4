import { headers } from 'next/headers'
import type { Payload } from 'payload'
import { cache } from 'react'
import { authenticate } from './authenticate'

/**
 * The logged-in user of this page request (cookie or bearer token), or null; read once per request.
 * Payload's csrf setting ignores the login cookie on requests that do not come from the shop's own
 * pages. Rendering a page is a read (GET), so a visitor who follows a link from another site (a
 * search result, a mail) is still recognised: the request is marked as a navigation the visitor
 * started. Writes never pass through here; they are checked by src/proxy.ts and Payload. During a
 * database outage a visitor with a login gets the outage page, not a logged-out one (authenticate.ts).
 */
export const currentUser = cache(async (payload: Payload) => {
  const pageRequest = new Headers(await headers())
  pageRequest.delete('origin')
  pageRequest.set('sec-fetch-site', 'none')
  return authenticate(payload, pageRequest)
})
