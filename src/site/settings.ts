import { cachedCatalogRead } from '@/catalog/cache'
import { payloadClient } from './payload'

/** The shop's settings global (trader data, social links), cached until the seller saves it. */
export const siteSettings = cachedCatalogRead('settings', ['settings'], async () => {
  const payload = await payloadClient()
  return payload.findGlobal({ slug: 'settings', depth: 0, overrideAccess: false })
})
