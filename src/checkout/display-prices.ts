import type { CartItem } from '@/cart/cart-storage'
import { type OrderPrice, priceOrder, sumEuros, type VatMode, vatRateOf } from '@/rules/pricing'

/** What one package costs now, without and with the streaming release. */
export type PackagePrices = { plain: OrderPrice; withStreaming: OrderPrice }

/**
 * The current prices, computed on the server from stored data (packages, settings) by the
 * arithmetic that snapshots an order. The wizard, the cart and the checkout only look them up and
 * show them; an order is priced by the server again when it is placed.
 */
export type PriceList = {
  packages: Record<string, PackagePrices & { allowsRecording: boolean }>
  streamingSurcharge: number
  vatMode: VatMode
}

/** The stored data a price list is computed from. */
export type PriceSource = {
  packages: { slug: string; price: number; allowsRecording: boolean }[]
  streamingSurcharge: number
  vatMode: VatMode
}

/** Prices every package both ways (on the server: the page hands the list to the browser). */
export function priceList({ packages, streamingSurcharge, vatMode }: PriceSource): PriceList {
  const price = (packagePrice: number, withStreaming: boolean) => priceOrder({ packagePrice, streamingSurcharge, withStreaming, vatMode })
  return {
    packages: Object.fromEntries(
      packages.map((pkg) => [pkg.slug, { allowsRecording: pkg.allowsRecording, plain: price(pkg.price, false), withStreaming: price(pkg.price, true) }]),
    ),
    streamingSurcharge,
    vatMode,
  }
}

/** The price of a package with or without the streaming release. */
export const chosenPrice = (prices: PackagePrices, withStreaming: boolean): OrderPrice => (withStreaming ? prices.withStreaming : prices.plain)

/** A song to price: its package and streaming choice (and the cart's stored price, shown only for a package no longer offered). */
export type PricedSong = Pick<CartItem, 'packageId' | 'spotifyOption'> & { price?: number }

/** What one song costs now. A package no longer offered shows the price the cart stored (the server will not take its order). */
export function songPrice(song: PricedSong, prices: PriceList): OrderPrice {
  const offered = prices.packages[song.packageId]
  if (offered) return chosenPrice(offered, song.spotifyOption)
  return priceOrder({ packagePrice: song.price ?? 0, streamingSurcharge: 0, withStreaming: false, vatMode: prices.vatMode })
}

/** Total and contained VAT of the cart: the sums of its orders' amounts (each order is invoiced alone). */
export function cartPrice(items: PricedSong[], prices: PriceList): { total: number; vat: number; vatRate: number } {
  const priced = items.map((item) => songPrice(item, prices))
  return {
    total: sumEuros(priced.map((price) => price.total)),
    vat: sumEuros(priced.map((price) => price.vat_amount)),
    vatRate: vatRateOf(prices.vatMode),
  }
}
