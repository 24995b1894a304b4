import { priceOrder } from '../../src/orders/pricing'

describe('priceOrder', () => {
  it.each([
    // package, streaming, total, VAT contained in the total (19 %)
    [39, false, 39, 6.23],
    [69, false, 69, 11.02],
    [129, false, 129, 20.6],
    [39, true, 63.95, 10.21],
    [69, true, 93.95, 15],
    [129, true, 153.95, 24.58],
  ])('package %p with streaming %p costs %p including %p VAT', (packagePrice, withStreaming, total, vat) => {
    expect(priceOrder({ packagePrice, streamingSurcharge: 24.95, withStreaming, vatMode: 'standard' })).toEqual({
      package_price: packagePrice,
      streaming_surcharge: withStreaming ? 24.95 : 0,
      total,
      vat_rate: 19,
      vat_amount: vat,
    })
  })

  it('adds euro amounts without floating-point drift', () => {
    // 0.1 + 0.2 is 0.30000000000000004 in floating point; cents keep it exact.
    expect(priceOrder({ packagePrice: 0.1, streamingSurcharge: 0.2, withStreaming: true, vatMode: 'standard' }).total).toBe(0.3)
  })

  it('charges no VAT for a small business (§ 19 UStG)', () => {
    expect(priceOrder({ packagePrice: 129, streamingSurcharge: 24.95, withStreaming: true, vatMode: 'small_business' })).toMatchObject({
      total: 153.95,
      vat_rate: 0,
      vat_amount: 0,
    })
  })
})
