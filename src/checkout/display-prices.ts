import type { CartItem } from '@/cart/cart-storage'
import { type OrderPrice, priceOrder, type VatMode } from '@/orders/pricing'

/** The current prices from the server, for showing the checkout's amounts; orders are priced by the server again. */
export type PriceList = {
  packages: Record<string, { price: number; allowsRecording: boolean }>
  streamingSurcharge: number
  vatMode: VatMode
}

/** A song to price: its package and streaming choice (and the cart's stored price, used only for an unknown package). */
export type PricedSong = Pick<CartItem, 'packageId' | 'spotifyOption'> & { price?: number }

/** What one song costs now, by the same arithmetic the server snapshots on the order. */
export const itemPrice = (item: PricedSong, prices: PriceList): OrderPrice =>
  priceOrder({
    packagePrice: prices.packages[item.packageId]?.price ?? item.price ?? 0,
    streamingSurcharge: prices.streamingSurcharge,
    withStreaming: item.spotifyOption,
    vatMode: prices.vatMode,
  })

/** Total and contained VAT of the cart: the sums of its orders' amounts (each order is invoiced alone). */
export function cartPrice(items: PricedSong[], prices: PriceList): { total: number; vat: number; vatRate: number } {
  const priced = items.map((item) => itemPrice(item, prices))
  const sumCents = (pick: (price: OrderPrice) => number) => priced.reduce((sum, price) => sum + Math.round(pick(price) * 100), 0) / 100
  return { total: sumCents((price) => price.total), vat: sumCents((price) => price.vat_amount), vatRate: priced[0]?.vat_rate ?? 0 }
}
