/*
 * All money arithmetic of the shop, in integer cents. Amounts are stored in euros with two
 * decimals (the order's price snapshot, packages, settings); they become cents here before any
 * sum, and the VAT contained in a gross amount is computed here only. The browser imports this
 * module too, so it stays free of server imports.
 */

/** German standard VAT rate in percent; a small business (§ 19 UStG) charges none. */
export const STANDARD_VAT_RATE = 19

/** The streaming-release surcharge in euros when the settings hold none (spec section 9). */
export const DEFAULT_STREAMING_SURCHARGE = 24.95

export type VatMode = 'standard' | 'small_business'

export const vatRateOf = (vatMode: VatMode): number => (vatMode === 'small_business' ? 0 : STANDARD_VAT_RATE)

/** Euros to whole cents; 153.95 * 100 is 15394.999…, so round rather than truncate. A missing amount is 0. */
export const toCents = (euros: number | null | undefined): number => Math.round((euros ?? 0) * 100)
export const toEuros = (cents: number): number => cents / 100

/** The VAT contained in a gross amount: gross × rate / (100 + rate), rounded to the cent. */
export const containedVatCents = (grossCents: number, ratePercent: number): number => Math.round((grossCents * ratePercent) / (100 + ratePercent))

/** The sum of euro amounts, added in cents so that 0.1 + 0.2 is 0.3. */
export const sumEuros = (amounts: readonly number[]): number => toEuros(amounts.reduce((sum, euros) => sum + toCents(euros), 0))

export type PriceInputs = {
  /** The package's gross price in euros, as the seller stored it. */
  packagePrice: number
  /** The streaming-release surcharge in euros (settings), charged only when chosen. */
  streamingSurcharge: number
  withStreaming: boolean
  vatMode: VatMode
}

/** An order's price snapshot, in euros with two decimals; prices are gross (VAT included). */
export type OrderPrice = {
  package_price: number
  streaming_surcharge: number
  total: number
  vat_rate: number
  vat_amount: number
}

/**
 * Prices an order from stored data. Sums run in integer cents so that 129 + 24.95 is exactly
 * 153.95; the VAT contained in the gross total is rounded to the cent.
 */
export function priceOrder({ packagePrice, streamingSurcharge, withStreaming, vatMode }: PriceInputs): OrderPrice {
  const packageCents = toCents(packagePrice)
  const surchargeCents = withStreaming ? toCents(streamingSurcharge) : 0
  const totalCents = packageCents + surchargeCents
  const vatRate = vatRateOf(vatMode)
  return {
    package_price: toEuros(packageCents),
    streaming_surcharge: toEuros(surchargeCents),
    total: toEuros(totalCents),
    vat_rate: vatRate,
    vat_amount: toEuros(containedVatCents(totalCents, vatRate)),
  }
}

/** An order's stored snapshot (or an invoice's amounts) as the database holds them: euros, possibly unset. */
export type StoredPrice = Partial<Record<keyof OrderPrice, number | null>>

/** The stored total in cents: what Stripe is asked for, what a bank transfer and a payment must match. */
export const totalCents = (stored: Pick<StoredPrice, 'total'>): number => toCents(stored.total)

/** The stored snapshot in cents, for the invoice: it prints what the order fixed, never a new computation. */
export const snapshotCents = (stored: StoredPrice) => ({
  packageCents: toCents(stored.package_price),
  surchargeCents: toCents(stored.streaming_surcharge),
  totalCents: toCents(stored.total),
  vatCents: toCents(stored.vat_amount),
  vatRate: stored.vat_rate ?? 0,
})
