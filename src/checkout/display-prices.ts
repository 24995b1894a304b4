import type { CartItem } from '@/cart/cart-storage'
import { type OrderPrice, priceOrder, type VatMode } from '@/orders/pricing'

/** The current prices from the server, for showing the checkout's amounts; orders are priced by the server again. */
export type PriceList = {
  packages: Record<string, { price: number; allowsRecording: boolean }>
  streamingSurcharge: number
  vatMode: VatMode
}

/** What one cart item costs now, by the same arithmetic the server snapshots on the order. */
export const itemPrice = (item: CartItem, prices: PriceList): OrderPrice =>
  priceOrder({
    packagePrice: prices.packages[item.packageId]?.price ?? item.price,
    streamingSurcharge: prices.streamingSurcharge,
    withStreaming: item.spotifyOption,
    vatMode: prices.vatMode,
  })

/** Total and contained VAT of the cart: the sums of its orders' amounts (each order is invoiced alone). */
export function cartPrice(items: CartItem[], prices: PriceList): { total: number; vat: number; vatRate: number } {
  const priced = items.map((item) => itemPrice(item, prices))
  const sumCents = (pick: (price: OrderPrice) => number) => priced.reduce((sum, price) => sum + Math.round(pick(price) * 100), 0) / 100
  return { total: sumCents((price) => price.total), vat: sumCents((price) => price.vat_amount), vatRate: priced[0]?.vat_rate ?? 0 }
}
