import { chosenAmountCents, isFreeToTake, offeredFormats, saleOffer, saleSettingsProblem, shownAmountCents } from '../../src/rules/catalog-sale'

describe('saleSettingsProblem', () => {
  it.each([
    [{ mode: 'not_for_sale' as const }, null],
    [{ mode: 'fixed_price' as const, price: 9.99 }, null],
    [{ mode: 'fixed_price' as const }, 'price'],
    [{ mode: 'fixed_price' as const, price: 0 }, 'price'],
    [{ mode: 'fixed_price' as const, price: 0.49 }, 'price'],
    [{ mode: 'fixed_price' as const, price: 500.01 }, 'price'],
    [{ mode: 'fixed_price' as const, price: 9.999 }, 'price'],
    [{ mode: 'name_your_price' as const, minimum: 0 }, null],
    [{ mode: 'name_your_price' as const, minimum: 5, suggested: 8 }, null],
    [{ mode: 'name_your_price' as const, minimum: 0.2 }, 'minimum'],
    [{ mode: 'name_your_price' as const }, 'minimum'],
    [{ mode: 'name_your_price' as const, minimum: 5, suggested: 4 }, 'suggested'],
    [{ mode: 'name_your_price' as const, minimum: 5, suggested: 600 }, 'suggested'],
  ])('%p: problem at %p', (sale, field) => {
    expect(saleSettingsProblem(sale)?.field ?? null).toBe(field)
  })
})

describe('offeredFormats', () => {
  it('offers MP3 always, FLAC only for a lossless master, the original when chosen', () => {
    expect(offeredFormats({ offer_flac: true, offer_original: true }, true)).toEqual(['mp3', 'flac', 'original'])
    expect(offeredFormats({ offer_flac: true, offer_original: false }, false)).toEqual(['mp3'])
    expect(offeredFormats({}, true)).toEqual(['mp3'])
  })
})

describe('saleOffer', () => {
  it('is null when not for sale or unsound, never a wrong price', () => {
    expect(saleOffer(null, true)).toBeNull()
    expect(saleOffer({ mode: 'not_for_sale', price: 9 }, true)).toBeNull()
    expect(saleOffer({ mode: 'fixed_price' }, true)).toBeNull()
  })

  it('prefills name-your-price with the suggested price, else the minimum', () => {
    const suggested = saleOffer({ mode: 'name_your_price', minimum: 5, suggested: 8 }, false)!
    expect(shownAmountCents(suggested)).toBe(800)
    expect(shownAmountCents(saleOffer({ mode: 'name_your_price', minimum: 5 }, false)!)).toBe(500)
    expect(isFreeToTake(suggested)).toBe(false)
    expect(isFreeToTake(saleOffer({ mode: 'name_your_price', minimum: 0, suggested: 3 }, false)!)).toBe(true)
    expect(saleOffer({ mode: 'fixed_price', price: 12.9 }, false)).toEqual({ mode: 'fixed_price', priceCents: 1290, formats: ['mp3'] })
  })
})

describe('chosenAmountCents', () => {
  const nameYourPrice = saleOffer({ mode: 'name_your_price', minimum: 5, suggested: 8 }, false)!
  const free = saleOffer({ mode: 'name_your_price', minimum: 0 }, false)!

  it.each([
    ['8', 800],
    ['7,5', 750],
    ['7.50', 750],
    [' 12 ', 1200],
    [5, 500],
    [19.99, 1999],
    ['500', 50000],
  ])('takes %p as %p cents', (input, cents) => {
    expect(chosenAmountCents(nameYourPrice, input)).toEqual({ cents })
  })

  it.each([
    ['4.99', 'amount_below_minimum'],
    ['-8', 'amount_invalid'],
    [-8, 'amount_invalid'],
    ['abc', 'amount_invalid'],
    ['', 'amount_invalid'],
    [null, 'amount_invalid'],
    [Number.NaN, 'amount_invalid'],
    [Number.POSITIVE_INFINITY, 'amount_invalid'],
    ['8.001', 'amount_invalid'],
    ['1e3', 'amount_invalid'],
    ['500.01', 'amount_too_high'],
    ['999999', 'amount_too_high'],
  ])('refuses %p (%p)', (input, code) => {
    const result = chosenAmountCents(nameYourPrice, input)
    expect('refusal' in result && result.refusal.code).toBe(code)
  })

  it('takes 0 for a free download, but no amount between 0 and the smallest charge', () => {
    expect(chosenAmountCents(free, '0')).toEqual({ cents: 0 })
    expect(chosenAmountCents(free, '3')).toEqual({ cents: 300 })
    const tiny = chosenAmountCents(free, '0.20')
    expect('refusal' in tiny && tiny.refusal.code).toBe('amount_too_low')
  })

  it('charges a fixed price whatever the browser sent', () => {
    expect(chosenAmountCents(saleOffer({ mode: 'fixed_price', price: 9 }, false)!, '0.01')).toEqual({ cents: 900 })
  })
})
