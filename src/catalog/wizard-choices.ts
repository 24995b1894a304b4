import type { Payload } from 'payload'
import { cache } from 'react'
import { type PriceList, priceList } from '@/checkout/display-prices'
import type { Locale } from '@/i18n/locales'
import { DEFAULT_STREAMING_SURCHARGE } from '@/rules/pricing'
import { listFocusThemes, listPackages, listUseTypes } from './lookups'
import { siteSettings } from './settings'

/**
 * Everything the custom-song wizard and the cart show, read once per request: the lookup lists,
 * the streaming surcharge and whether prices include VAT (settings).
 */
export const wizardChoices = cache(async (payload: Payload, locale: Locale) => {
  const [packages, useTypes, focusThemes, settings] = await Promise.all([
    listPackages(payload, locale),
    listUseTypes(payload, locale),
    listFocusThemes(payload, locale),
    siteSettings(payload),
  ])
  const surcharge = settings.streaming_surcharge
  return {
    packages,
    useTypes,
    focusThemes,
    streamingSurcharge: typeof surcharge === 'number' && Number.isFinite(surcharge) ? surcharge : DEFAULT_STREAMING_SURCHARGE,
    /** False for a small business under § 19 UStG, whose prices carry no VAT. */
    pricesIncludeVat: settings.vat_mode !== 'small_business',
  }
})

export type WizardChoices = Awaited<ReturnType<typeof wizardChoices>>

/** The current prices, computed here on the server, for what the wizard, the cart and the checkout show. */
export const priceListOf = ({ packages, streamingSurcharge, pricesIncludeVat }: WizardChoices): PriceList =>
  priceList({
    packages: packages.map((pkg) => ({ slug: pkg.slug, price: pkg.price, allowsRecording: pkg.allows_recording })),
    streamingSurcharge,
    vatMode: pricesIncludeVat ? 'standard' : 'small_business',
  })

/** Slug → display name of packages, use types and focus themes, for what stores slugs (orders, cart). */
export type ChoiceNames = { packages: Record<string, string>; useTypes: Record<string, string>; themes: Record<string, string> }

export async function choiceNames(payload: Payload, locale: Locale): Promise<ChoiceNames> {
  const { packages, useTypes, focusThemes } = await wizardChoices(payload, locale)
  const bySlug = <T extends { slug: string }>(items: T[], name: (item: T) => string) => Object.fromEntries(items.map((item) => [item.slug, name(item)]))
  return {
    packages: bySlug(packages, (pkg) => pkg.name),
    useTypes: bySlug(useTypes, (useType) => useType.label),
    themes: bySlug(focusThemes, (theme) => theme.label),
  }
}
export type WizardPackage = WizardChoices['packages'][number]
export type WizardUseType = WizardChoices['useTypes'][number]
export type WizardFocusTheme = WizardChoices['focusThemes'][number]

/** The package and (when asked for) use type of a wizard URL; null members when a slug is unknown. */
export async function wizardStep(payload: Payload, locale: Locale, packageSlug: string, typeSlug?: string) {
  const choices = await wizardChoices(payload, locale)
  const pkg = choices.packages.find((candidate) => candidate.slug === decodeSlug(packageSlug)) ?? null
  const useType = typeSlug === undefined ? null : (choices.useTypes.find((candidate) => candidate.slug === decodeSlug(typeSlug)) ?? null)
  return { ...choices, pkg, useType }
}

function decodeSlug(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
