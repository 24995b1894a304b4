import type { Payload } from 'payload'
import type { Locale } from '@/i18n/locales'
import { cachedCatalogRead } from './cache'
import { serializeFocusTheme, serializePackage, serializeUseType } from './serialize'
import { visitorRead } from './visitor-read'

/** The wizard's choices (packages, use types, focus themes), in the order the seller arranged them. */
const IN_SELLER_ORDER = { sort: '_order', pagination: false } as const

export const listPackages = cachedCatalogRead('packages', ['packages', 'media'], async (payload: Payload, locale: Locale) => {
  const { docs } = await payload.find({ collection: 'packages', ...visitorRead(locale), ...IN_SELLER_ORDER, depth: 1 })
  return docs.map(serializePackage)
})

export const listUseTypes = cachedCatalogRead('use-types', ['use-types'], async (payload: Payload, locale: Locale) => {
  const { docs } = await payload.find({ collection: 'use-types', ...visitorRead(locale), ...IN_SELLER_ORDER, depth: 0 })
  return docs.map(serializeUseType)
})

export const listFocusThemes = cachedCatalogRead('focus-themes', ['focus-themes'], async (payload: Payload, locale: Locale) => {
  const { docs } = await payload.find({ collection: 'focus-themes', ...visitorRead(locale), ...IN_SELLER_ORDER, depth: 0 })
  return docs.map(serializeFocusTheme)
})
