import { cache } from 'react'
import { payloadClient } from './payload'

/** The shop's settings global (trader data, social links), read once per request. */
export const siteSettings = cache(async () => {
  const payload = await payloadClient()
  return payload.findGlobal({ slug: 'settings', depth: 0, overrideAccess: false })
})
