import type { CartItem } from '@/cart/cart-storage'

/** The current prices from the server, for showing the cart's amounts; orders are priced by the server again. */
export type PriceList = {
  packages: Record<string, { price: number; allowsRecording: boolean }>
  streamingSurcharge: number
  /** 19, or 0 for a small business under § 19 UStG. */
  vatRate: number
}

/** German standard VAT rate in percent; prices of the shop include it unless the seller is a small business. */
export const STANDARD_VAT_RATE = 19

const cents = (euros: number) => Math.round(euros * 100)

/** What one cart item costs now: the package plus the streaming surcharge when chosen. */
export const itemPrice = (item: CartItem, prices: PriceList): number =>
  (cents(prices.packages[item.packageId]?.price ?? item.price) + (item.spotifyOption ? cents(prices.streamingSurcharge) : 0)) / 100

/** The VAT contained in a gross amount (prices include VAT), rounded to cents. */
export const vatIncluded = (gross: number, ratePercent: number): number =>
  (cents(gross) - Math.round((cents(gross) * 100) / (100 + ratePercent))) / 100
