import {
  buyerCountryEvidence,
  COUNTRY_CODES,
  countryName,
  digitalSaleVat,
  EU_COUNTRIES,
  EU_VAT_RATES,
  EU_VAT_RATES_CHECKED,
  isEuCountry,
  isNotTaxableInGermany,
  knownCountry,
  OSS_THRESHOLD_CENTS,
  ossThresholdState,
} from '../../src/rules/digital-vat'

describe('the EU VAT rates table', () => {
  it('has the 27 member states, each with a standard rate between 17 and 27 %, and the day it was checked', () => {
    expect(EU_COUNTRIES).toHaveLength(27)
    expect(new Set(EU_COUNTRIES).size).toBe(27)
    for (const country of EU_COUNTRIES) {
      expect(country).toMatch(/^[A-Z]{2}$/)
      expect(COUNTRY_CODES).toContain(country)
      expect(EU_VAT_RATES[country]).toBeGreaterThanOrEqual(17)
      expect(EU_VAT_RATES[country]).toBeLessThanOrEqual(27)
    }
    expect(EU_VAT_RATES.DE).toBe(19)
    // The ISO code, not the VAT prefix EL; the United Kingdom left.
    expect(isEuCountry('GR')).toBe(true)
    expect(isEuCountry('EL')).toBe(false)
    expect(isEuCountry('GB')).toBe(false)
    expect(isEuCountry(null)).toBe(false)
    expect(EU_VAT_RATES_CHECKED).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })

  it('names the € 10,000 threshold in cents', () => {
    expect(OSS_THRESHOLD_CENTS).toBe(1_000_000)
  })
})

describe('the country list for the checkout', () => {
  it('holds every assigned ISO code once, each with a name in both languages', () => {
    expect(COUNTRY_CODES).toHaveLength(249)
    expect(new Set(COUNTRY_CODES).size).toBe(249)
    expect(COUNTRY_CODES).toEqual([...COUNTRY_CODES].sort())
    expect(countryName('AT', 'de')).toBe('Österreich')
    expect(countryName('AT', 'en')).toBe('Austria')
    for (const code of COUNTRY_CODES) expect(countryName(code, 'en')).not.toBe(code)
  })

  it('takes only assigned codes, in any case and with spaces around', () => {
    expect(knownCountry(' de ')).toBe('DE')
    expect(knownCountry('XX')).toBeNull()
    expect(knownCountry('')).toBeNull()
    expect(knownCountry(null)).toBeNull()
    expect(knownCountry('DEU')).toBeNull()
  })
})

describe('digitalSaleVat', () => {
  const standard = { vatMode: 'standard', ossRegistered: false } as const
  const oss = { vatMode: 'standard', ossRegistered: true } as const

  it('charges a small business (§ 19 UStG) no VAT, wherever the buyer lives', () => {
    for (const buyerCountry of ['DE', 'AT', 'US', null]) {
      expect(digitalSaleVat({ vatMode: 'small_business', ossRegistered: true, buyerCountry })).toEqual({ ratePercent: 0, country: 'DE' })
      expect(digitalSaleVat({ vatMode: 'small_business', ossRegistered: false, buyerCountry })).toEqual({ ratePercent: 0, country: 'DE' })
    }
  })

  it('charges German VAT to a buyer in Germany and to one of unknown country, with or without OSS', () => {
    for (const settings of [standard, oss]) {
      expect(digitalSaleVat({ ...settings, buyerCountry: 'DE' })).toEqual({ ratePercent: 19, country: 'DE' })
      expect(digitalSaleVat({ ...settings, buyerCountry: null })).toEqual({ ratePercent: 19, country: 'DE' })
      expect(digitalSaleVat({ ...settings, buyerCountry: 'XX' })).toEqual({ ratePercent: 19, country: 'DE' })
    }
  })

  it('charges a buyer outside the EU no VAT: the sale is not taxable in Germany', () => {
    for (const settings of [standard, oss]) {
      for (const buyerCountry of ['US', 'CH', 'GB', 'NO', 'JP']) {
        const vat = digitalSaleVat({ ...settings, buyerCountry })
        expect(vat).toEqual({ ratePercent: 0, country: buyerCountry })
        expect(isNotTaxableInGermany(vat)).toBe(true)
      }
    }
    expect(isNotTaxableInGermany({ ratePercent: 0, country: 'DE' })).toBe(false)
  })

  it('charges German VAT to a buyer in another member state while the seller is not registered for OSS', () => {
    for (const buyerCountry of ['AT', 'FR', 'HU', 'LU']) {
      expect(digitalSaleVat({ ...standard, buyerCountry })).toEqual({ ratePercent: 19, country: 'DE' })
    }
  })

  it("charges the buyer country's standard rate once the seller is registered for OSS", () => {
    expect(digitalSaleVat({ ...oss, buyerCountry: 'AT' })).toEqual({ ratePercent: 20, country: 'AT' })
    expect(digitalSaleVat({ ...oss, buyerCountry: 'HU' })).toEqual({ ratePercent: 27, country: 'HU' })
    expect(digitalSaleVat({ ...oss, buyerCountry: 'LU' })).toEqual({ ratePercent: 17, country: 'LU' })
    expect(digitalSaleVat({ ...oss, buyerCountry: 'FI' })).toEqual({ ratePercent: 25.5, country: 'FI' })
    for (const country of EU_COUNTRIES) {
      expect(digitalSaleVat({ ...oss, buyerCountry: country })).toEqual({ ratePercent: EU_VAT_RATES[country], country })
    }
    // Monaco belongs to the French VAT territory.
    expect(digitalSaleVat({ ...oss, buyerCountry: 'MC' })).toEqual({ ratePercent: 20, country: 'FR' })
    expect(digitalSaleVat({ ...standard, buyerCountry: 'MC' })).toEqual({ ratePercent: 19, country: 'DE' })
  })
})

describe('ossThresholdState', () => {
  it.each([
    [0, 0, 'below'],
    [799_999, 0, 'below'],
    [800_000, 0, 'near'],
    [999_999, 1_000_000, 'near'],
    [1_000_000, 0, 'reached'],
    [0, 1_000_001, 'reached'],
  ] as const)('this year %p cents, last year %p cents: %p', (thisYearNetCents, lastYearNetCents, state) => {
    expect(ossThresholdState({ thisYearNetCents, lastYearNetCents })).toBe(state)
  })
})

describe('buyerCountryEvidence', () => {
  it.each([
    [
      { billingCountry: 'AT', cardCountry: 'AT' },
      { country: 'AT', consistent: true },
    ],
    [
      { billingCountry: 'at', cardCountry: 'AT ' },
      { country: 'AT', consistent: true },
    ],
    [
      { billingCountry: 'AT', cardCountry: 'DE' },
      { country: 'AT', consistent: false },
    ],
    [
      { billingCountry: 'AT', cardCountry: null },
      { country: 'AT', consistent: true },
    ],
    [
      { billingCountry: null, cardCountry: 'FR' },
      { country: 'FR', consistent: true },
    ],
    [
      { billingCountry: undefined, cardCountry: undefined },
      { country: null, consistent: true },
    ],
    [
      { billingCountry: 'XX', cardCountry: 'FR' },
      { country: 'FR', consistent: true },
    ],
  ])('%p gives %p', (pieces, evidence) => {
    expect(buyerCountryEvidence(pieces)).toEqual(evidence)
  })
})
