import type { Locale } from '@/i18n/locales'
import { serializeFocusTheme, serializePackage, serializeUseType } from './serialize'
import { payloadClient } from '@/site/payload'
import { visitorRead } from './visitor-read'

/** The wizard's choices (packages, use types, focus themes), in the order the seller arranged them. */
const IN_SELLER_ORDER = { sort: '_order', pagination: false } as const

export async function listPackages(locale: Locale) {
  const payload = await payloadClient()
  const { docs } = await payload.find({ collection: 'packages', ...visitorRead(locale), ...IN_SELLER_ORDER, depth: 1 })
  return docs.map(serializePackage)
}

export async function listUseTypes(locale: Locale) {
  const payload = await payloadClient()
  const { docs } = await payload.find({ collection: 'use-types', ...visitorRead(locale), ...IN_SELLER_ORDER, depth: 0 })
  return docs.map(serializeUseType)
}

export async function listFocusThemes(locale: Locale) {
  const payload = await payloadClient()
  const { docs } = await payload.find({ collection: 'focus-themes', ...visitorRead(locale), ...IN_SELLER_ORDER, depth: 0 })
  return docs.map(serializeFocusTheme)
}

/** Slug → display name of packages, use types and focus themes, for lists that store slugs (orders, cart). */
export type LookupNames = { packages: Record<string, string>; useTypes: Record<string, string>; themes: Record<string, string> }

export async function lookupNames(locale: Locale): Promise<LookupNames> {
  const [packages, useTypes, themes] = await Promise.all([listPackages(locale), listUseTypes(locale), listFocusThemes(locale)])
  const bySlug = <T extends { slug: string }>(items: T[], name: (item: T) => string) =>
    Object.fromEntries(items.map((item) => [item.slug, name(item)]))
  return {
    packages: bySlug(packages, (pkg) => pkg.name),
    useTypes: bySlug(useTypes, (useType) => useType.label),
    themes: bySlug(themes, (theme) => theme.label),
  }
}
