/** German standard VAT rate in percent; a small business (§ 19 UStG) charges none. */
export const STANDARD_VAT_RATE = 19

export type VatMode = 'standard' | 'small_business'

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

/** Euros to whole cents; 24.95 * 100 is 2494.999…, so round rather than truncate. */
const toCents = (euros: number): number => Math.round(euros * 100)
const toEuros = (cents: number): number => cents / 100

/**
 * Prices an order from stored data. Sums run in integer cents so that 129 + 24.95 is exactly
 * 153.95; the VAT contained in a gross total is total × rate / (100 + rate), rounded to the cent.
 */
export function priceOrder({ packagePrice, streamingSurcharge, withStreaming, vatMode }: PriceInputs): OrderPrice {
  const packageCents = toCents(packagePrice)
  const surchargeCents = withStreaming ? toCents(streamingSurcharge) : 0
  const totalCents = packageCents + surchargeCents
  const vatRate = vatMode === 'small_business' ? 0 : STANDARD_VAT_RATE
  const vatCents = Math.round((totalCents * vatRate) / (100 + vatRate))
  return {
    package_price: toEuros(packageCents),
    streaming_surcharge: toEuros(surchargeCents),
    total: toEuros(totalCents),
    vat_rate: vatRate,
    vat_amount: toEuros(vatCents),
  }
}
