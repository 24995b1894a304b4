import { containedVatCents, priceOrder, snapshotCents, sumEuros, toCents, toEuros, totalCents } from '../../src/rules/pricing'

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

describe('cents', () => {
  it('rounds euros to whole cents rather than truncating (153.95 * 100 is 15394.999…)', () => {
    expect(153.95 * 100).not.toBe(15395)
    expect(toCents(19.99)).toBe(1999)
    expect(toCents(24.95)).toBe(2495)
    expect(toCents(153.95)).toBe(15395)
    expect(toCents(null)).toBe(0)
    expect(toEuros(15395)).toBe(153.95)
  })

  it('takes the VAT contained in a gross amount, rounded to the cent', () => {
    expect(containedVatCents(2495, 19)).toBe(398) // 398.36
    expect(containedVatCents(12900, 19)).toBe(2060) // 2059.66
    expect(containedVatCents(12900 + 2495, 19)).toBe(2458) // 2458.07
    expect(containedVatCents(15395, 0)).toBe(0)
  })

  it('sums euro amounts in cents', () => {
    expect(sumEuros([69, 24.95])).toBe(93.95)
    expect(sumEuros([0.1, 0.2])).toBe(0.3)
    expect(sumEuros([153.95, 93.95, 39])).toBe(286.9)
    expect(sumEuros([])).toBe(0)
  })

  it("reads an order's stored snapshot in cents", () => {
    const stored = { package_price: 129, streaming_surcharge: 24.95, total: 153.95, vat_rate: 19, vat_amount: 24.58 }
    expect(totalCents(stored)).toBe(15395)
    expect(totalCents({ total: null })).toBe(0)
    expect(snapshotCents(stored)).toEqual({ packageCents: 12900, surchargeCents: 2495, totalCents: 15395, vatCents: 2458, vatRate: 19 })
    expect(snapshotCents({ total: 39, vat_rate: null })).toEqual({ packageCents: 0, surchargeCents: 0, totalCents: 3900, vatCents: 0, vatRate: 0 })
  })
})
