/*
 * VAT on downloads sold to consumers (electronically supplied services, § 3a Abs. 5 UStG): whose
 * rate a catalog line is charged at. Free of server imports (the checkout shows the result too).
 *
 * Issue 33's foundation: the function's shape is fixed here; helper h33f fills in the EU rates
 * table, the € 10,000 threshold and the buyer-country rule. Until then every sale is domestic.
 */
import { type VatMode, vatRateOf } from './pricing'

export type DigitalVatInput = {
  /** The seller's VAT mode (settings): a small business (§ 19 UStG) charges none anywhere. */
  vatMode: VatMode
  /** The seller is registered for the One-Stop-Shop (settings.oss_registered). */
  ossRegistered: boolean
  /** The buyer's country, ISO 3166-1 alpha-2 (the billing address's), or null when unknown. */
  buyerCountry: string | null
}

/** The rate a line is charged at, and whose it is (ISO code of the country the VAT is owed to). */
export type DigitalVat = { ratePercent: number; country: string }

export function digitalSaleVat({ vatMode }: DigitalVatInput): DigitalVat {
  return { ratePercent: vatRateOf(vatMode), country: 'DE' }
}

/** An ISO 3166-1 alpha-2 country code as the checkout sends it. */
export const isCountryCode = (value: unknown): value is string => typeof value === 'string' && /^[A-Z]{2}$/.test(value)
