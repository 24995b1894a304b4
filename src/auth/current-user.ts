import { headers } from 'next/headers'
import { cache } from 'react'
import { payloadClient } from '@/site/payload'

/** The logged-in user of this request (cookie or bearer token), or null; read once per request. */
export const currentUser = cache(async () => {
  const payload = await payloadClient()
  const { user } = await payload.auth({ headers: await headers() })
  return user
})
