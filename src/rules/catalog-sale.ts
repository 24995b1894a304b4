/*
 * How the seller sells an album (music group) or a track, and what a buyer may pay for it: the
 * sale modes, the price limits and their rounding, the formats offered. The collections' fields,
 * the album page, the cart's server check and the tests read them from here. Amounts are stored
 * in euros with two decimals and compared in integer cents (pricing.ts). Free of server imports.
 */
import { toCents } from './pricing'

/** Not for sale; a fixed price; name-your-price with a minimum (0 = a free download) and an optional suggested price. */
export const SALE_MODES = ['not_for_sale', 'fixed_price', 'name_your_price'] as const
export type SaleMode = (typeof SALE_MODES)[number]

/**
 * The price limits in cents. Any price above 0 is at least Stripe's smallest charge in euros
 * (50 cents), so every amount the shop asks for can be paid by card; nothing costs more than
 * 500 € (a sane maximum: an amount field's typo of 7000 for 70,00 is refused, not charged).
 */
export const SALE_PRICE_LIMITS = { smallestChargeCents: 50, maxCents: 500_00 } as const

/**
 * The formats a sale offers. MP3 at 320 kbit/s always; FLAC when the seller offers it and the
 * master is lossless (a FLAC of an MP3 would only pretend to be better); the master as uploaded
 * when the seller offers it.
 */
export const SALE_FORMATS = ['mp3', 'flac', 'original'] as const
export type SaleFormat = (typeof SALE_FORMATS)[number]

/** The formats' names, the same in both languages. */
export const SALE_FORMAT_LABELS: Record<SaleFormat, string> = { mp3: 'MP3 320 kbit/s', flac: 'FLAC', original: 'Master' }

/** What a catalog item in the cart is: an album, single or playlist (music group), or one track. */
export const CATALOG_ITEM_KINDS = ['music-group', 'track'] as const
export type CatalogItemKind = (typeof CATALOG_ITEM_KINDS)[number]

/** The sale settings as a music group or track stores them (the `sale` group of their fields). */
export type SaleSettings = {
  mode?: SaleMode | null
  /** Fixed price, euros. */
  price?: number | null
  /** Name-your-price: the least a buyer pays, euros; 0 makes it a free download. */
  minimum?: number | null
  /** Name-your-price: the amount the field is prefilled with, euros; none means the minimum. */
  suggested?: number | null
  offer_flac?: boolean | null
  offer_original?: boolean | null
}

/** What a buyer is offered, in cents; `null` when it is not for sale (or its settings are incomplete). */
export type SaleOffer =
  | { mode: 'fixed_price'; priceCents: number; formats: SaleFormat[] }
  | { mode: 'name_your_price'; minimumCents: number; suggestedCents: number; formats: SaleFormat[] }

/** The formats offered, in the order shown: MP3 always, FLAC only for a lossless master, the original when offered. */
export function offeredFormats(sale: Pick<SaleSettings, 'offer_flac' | 'offer_original'>, masterIsLossless: boolean): SaleFormat[] {
  return SALE_FORMATS.filter((format) => format === 'mp3' || (format === 'flac' ? Boolean(sale.offer_flac) && masterIsLossless : Boolean(sale.offer_original)))
}

/** A price as the seller may set it: whole cents, 0 (only as a name-your-price minimum) or at least the smallest charge, at most the maximum. */
const priceProblem = (euros: number | null | undefined, { zeroAllowed }: { zeroAllowed: boolean }): string | null => {
  if (typeof euros !== 'number' || !Number.isFinite(euros)) return 'missing'
  const cents = euros * 100
  if (Math.abs(cents - Math.round(cents)) > 1e-6) return 'cents'
  if (Math.round(cents) === 0) return zeroAllowed ? null : 'too_low'
  if (cents < SALE_PRICE_LIMITS.smallestChargeCents) return 'too_low'
  if (cents > SALE_PRICE_LIMITS.maxCents) return 'too_high'
  return null
}

const PRICE_PROBLEM_TEXT: Record<string, string> = {
  missing: 'Bitte einen Betrag angeben. / Please enter an amount.',
  cents: 'Bitte höchstens zwei Nachkommastellen. / Please use at most two decimals.',
  too_low: 'Mindestens 0,50 € (außer 0 € als Mindestpreis eines kostenlosen Downloads). / At least €0.50 (except €0 as the minimum of a free download).',
  too_high: 'Höchstens 500 €. / At most €500.',
  below_minimum: 'Der Vorschlag darf nicht unter dem Mindestpreis liegen. / The suggested price must not be below the minimum.',
}

/**
 * Checks the seller's settings: a fixed price needs its price, name-your-price its minimum; the
 * suggested price (optional) is not below the minimum. Returns the field and its problem (both
 * languages, as the admin's field validations show them), or null when the settings are sound.
 */
export function saleSettingsProblem(sale: SaleSettings): { field: 'price' | 'minimum' | 'suggested'; message: string } | null {
  const problem = (field: 'price' | 'minimum' | 'suggested', code: string | null) => (code ? { field, message: PRICE_PROBLEM_TEXT[code]! } : null)
  if (sale.mode === 'fixed_price') return problem('price', priceProblem(sale.price, { zeroAllowed: false }))
  if (sale.mode !== 'name_your_price') return null
  const minimum = problem('minimum', priceProblem(sale.minimum, { zeroAllowed: true }))
  if (minimum || sale.suggested === null || sale.suggested === undefined) return minimum
  const suggested = problem('suggested', priceProblem(sale.suggested, { zeroAllowed: true }))
  if (suggested) return suggested
  return toCents(sale.suggested) < toCents(sale.minimum) ? problem('suggested', 'below_minimum') : null
}

/** The offer a sale's settings make, or null when not for sale or unsound (an unsound setting never sells at a wrong price). */
export function saleOffer(sale: SaleSettings | null | undefined, masterIsLossless: boolean): SaleOffer | null {
  if (!sale || (sale.mode !== 'fixed_price' && sale.mode !== 'name_your_price') || saleSettingsProblem(sale)) return null
  const formats = offeredFormats(sale, masterIsLossless)
  if (sale.mode === 'fixed_price') return { mode: 'fixed_price', priceCents: toCents(sale.price), formats }
  const minimumCents = toCents(sale.minimum)
  const suggestedCents = sale.suggested === null || sale.suggested === undefined ? minimumCents : toCents(sale.suggested)
  return { mode: 'name_your_price', minimumCents, suggestedCents, formats }
}

/** A name-your-price offer with minimum 0: the buyer may take it for free (after confirming an e-mail address). */
export const isFreeToTake = (offer: SaleOffer): boolean => offer.mode === 'name_your_price' && offer.minimumCents === 0

/** The amount to show first: the fixed price, or the suggested amount. */
export const shownAmountCents = (offer: SaleOffer): number => (offer.mode === 'fixed_price' ? offer.priceCents : offer.suggestedCents)

/** An amount as a buyer types it: digits, at most two decimals after a comma or a dot ("7", "7,5", "7.50"). */
const AMOUNT_PATTERN = /^\d{1,6}(?:[.,]\d{1,2})?$/

export type AmountRefusal = { detail: string; code: 'amount_invalid' | 'amount_below_minimum' | 'amount_too_high' | 'amount_too_low' }

/**
 * The amount a buyer pays for an offer, in cents, checked on the server whatever the browser
 * sent: a fixed price ignores the input; name-your-price takes a number (a JSON number or the
 * form's text) of whole cents, at least the minimum, 0 or at least the smallest charge, at most
 * the maximum. Anything else is refused with an English `detail` (the API's language).
 */
export function chosenAmountCents(offer: SaleOffer, input: unknown): { cents: number } | { refusal: AmountRefusal } {
  if (offer.mode === 'fixed_price') return { cents: offer.priceCents }
  const text = typeof input === 'number' ? (Number.isFinite(input) ? String(input) : '') : typeof input === 'string' ? input.trim() : ''
  if (!AMOUNT_PATTERN.test(text))
    return { refusal: { code: 'amount_invalid', detail: 'The amount must be a number of euros with at most two decimals, for example 7.50.' } }
  const cents = Math.round(Number(text.replace(',', '.')) * 100)
  if (cents < offer.minimumCents)
    return { refusal: { code: 'amount_below_minimum', detail: `The amount must be at least ${(offer.minimumCents / 100).toFixed(2)} EUR.` } }
  if (cents > SALE_PRICE_LIMITS.maxCents)
    return { refusal: { code: 'amount_too_high', detail: `The amount must be at most ${(SALE_PRICE_LIMITS.maxCents / 100).toFixed(2)} EUR.` } }
  if (cents > 0 && cents < SALE_PRICE_LIMITS.smallestChargeCents)
    return {
      refusal: { code: 'amount_too_low', detail: `An amount above 0 must be at least ${(SALE_PRICE_LIMITS.smallestChargeCents / 100).toFixed(2)} EUR.` },
    }
  return { cents }
}
