import { cartPrice, chosenPrice, priceList, songPrice } from '../../src/checkout/display-prices'

const source = {
  packages: [
    { slug: 'vocalbalance', price: 69, allowsRecording: true },
    { slug: 'deepflow', price: 129, allowsRecording: true },
  ],
  streamingSurcharge: 24.95,
}

describe('the price list the server hands to the wizard, cart and checkout', () => {
  const prices = priceList({ ...source, vatMode: 'standard' })

  it('prices every package with and without the streaming release, as an order is snapshotted', () => {
    expect(prices.packages.deepflow).toEqual({
      allowsRecording: true,
      plain: { package_price: 129, streaming_surcharge: 0, total: 129, vat_rate: 19, vat_amount: 20.6 },
      withStreaming: { package_price: 129, streaming_surcharge: 24.95, total: 153.95, vat_rate: 19, vat_amount: 24.58 },
    })
    expect(chosenPrice(prices.packages.vocalbalance!, true).total).toBe(93.95)
  })

  it("shows a song at the list's current price, not the price the cart stored", () => {
    expect(songPrice({ packageId: 'deepflow', spotifyOption: true, price: 100 }, prices).total).toBe(153.95)
  })

  it('shows the stored price for a package no longer offered, without adding the surcharge again', () => {
    expect(songPrice({ packageId: 'retired', spotifyOption: true, price: 63.95 }, prices)).toMatchObject({ total: 63.95, vat_amount: 10.21 })
  })

  it("sums the cart's totals and contained VAT in cents", () => {
    const items = [
      { packageId: 'deepflow', spotifyOption: true },
      { packageId: 'vocalbalance', spotifyOption: true },
    ]
    expect(cartPrice(items, prices)).toEqual({ total: 247.9, vat: 39.58, vatRate: 19 })
  })

  it('shows no VAT for a small business', () => {
    const small = priceList({ ...source, vatMode: 'small_business' })
    expect(cartPrice([{ packageId: 'deepflow', spotifyOption: true }], small)).toEqual({ total: 153.95, vat: 0, vatRate: 0 })
  })
})
