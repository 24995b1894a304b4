import type { Payload } from 'payload'
import { cachedCatalogRead } from './cache'

/** The shop's settings global (trader data, social links), cached until the seller saves it. */
export const siteSettings = cachedCatalogRead('settings', ['settings'], async (payload: Payload) =>
  payload.findGlobal({ slug: 'settings', depth: 0, overrideAccess: false }),
)
