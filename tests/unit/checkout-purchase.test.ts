import { purchaseItemsOf, purchaseRequest } from '../../src/buying/send-purchase'
import { PURCHASE_CONSENT_VERSION } from '../../src/purchases/consent'
import { BILLING_COUNTRY_CODES, billingCountryChoices, DEFAULT_BILLING_COUNTRY } from '../../src/rules/billing-countries'

describe('the checkout’s purchase request (issue 33): the contract of src/purchases/purchase-request.ts', () => {
  it('sends the cart’s albums and tracks with the amounts chosen, both consents, the wording’s version and the billing country', () => {
    const items = purchaseItemsOf([
      { id: 'music-group-3', kind: 'music-group', itemId: 3, title: 'Wasser & Wind', amount: 12.5, formats: ['mp3'] },
      { id: 'track-9', kind: 'track', itemId: 9, title: 'Morgentau', amount: 1.29, formats: ['mp3', 'flac'] },
    ])
    const request = purchaseRequest(items, {
      paymentMethod: 'prepayment',
      termsAccepted: true,
      digitalContentConsent: true,
      billing: { name: '  ', address: 'Seeweg 1\n12345 Stillwasser', country: 'AT' },
    })
    expect(request).toEqual({
      items: [
        { kind: 'music-group', id: 3, amount: 12.5 },
        { kind: 'track', id: 9, amount: 1.29 },
      ],
      payment_method: 'prepayment',
      terms_accepted: true,
      digital_content_consent: true,
      consent_wording_version: PURCHASE_CONSENT_VERSION,
      billing_name: undefined,
      billing_address: 'Seeweg 1\n12345 Stillwasser',
      billing_country: 'AT',
    })
  })

  it('a tip names what it thanks for and asks no download consent', () => {
    const request = purchaseRequest([{ kind: 'tip', for_order: 7, amount: '7.50' }], {
      paymentMethod: 'credit_card',
      termsAccepted: true,
      digitalContentConsent: false,
      billing: { name: '', address: '', country: 'DE' },
    })
    expect(request).toMatchObject({ items: [{ kind: 'tip', for_order: 7, amount: '7.50' }], digital_content_consent: false, terms_accepted: true })
  })
})

describe('billing countries', () => {
  it('offers Germany first, then the rest by name in the page’s language, as ISO alpha-2 codes', () => {
    const german = billingCountryChoices('de')
    expect(german[0]).toEqual({ code: DEFAULT_BILLING_COUNTRY, name: 'Deutschland' })
    expect(german.map(({ code }) => code).sort()).toEqual([...BILLING_COUNTRY_CODES].sort())
    expect(german.find(({ code }) => code === 'AT')?.name).toBe('Österreich')
    const rest = german.slice(1).map(({ name }) => name)
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'de')))
    expect(billingCountryChoices('en').find(({ code }) => code === 'AT')?.name).toBe('Austria')
    for (const code of BILLING_COUNTRY_CODES) expect(code).toMatch(/^[A-Z]{2}$/)
  })
})
