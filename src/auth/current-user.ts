import { headers } from 'next/headers'
import type { Payload } from 'payload'
import { cache } from 'react'

/**
 * The logged-in user of this page request (cookie or bearer token), or null; read once per request.
 * Payload's csrf setting ignores the login cookie on requests that do not come from the shop's own
 * pages. Rendering a page is a read (GET), so a visitor who follows a link from another site (a
 * search result, a mail) is still recognised: the request is marked as a navigation the visitor
 * started. Writes never pass through here; they are checked by src/proxy.ts and Payload.
 */
export const currentUser = cache(async (payload: Payload) => {
  const pageRequest = new Headers(await headers())
  pageRequest.delete('origin')
  pageRequest.set('sec-fetch-site', 'none')
  const { user } = await payload.auth({ headers: pageRequest })
  return user
})
