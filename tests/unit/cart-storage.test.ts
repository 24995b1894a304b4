import { parseCart } from '../../src/cart/cart-storage'

describe('parseCart', () => {
  it('reads what addToCart writes', () => {
    const item = {
      id: 'a',
      packageId: 'vocalbalance',
      typeId: 'meditation',
      theme: 'custom',
      customTheme: 'Mut',
      note: 'Hallo',
      spotifyOption: true,
      audioFile: 'cart:a',
      price: 93.95,
    }
    expect(parseCart(JSON.stringify([item]))).toEqual([item])
  })

  it.each([null, '', 'not json', '{"a":1}', '42', 'null'])('treats %p as an empty cart', (stored) => {
    expect(parseCart(stored)).toEqual([])
  })

  it('keeps old entries with defaults and drops what is no cart item', () => {
    const stored = JSON.stringify([
      { packageId: 'deepflow', typeId: 'sleep', theme: 'gratitude', price: 129 },
      { packageId: 'soundtouch', theme: 'gratitude', customTheme: 'stray text', price: '39', audioFile: '' },
      { typeId: 'sleep' },
      null,
      'text',
    ])
    expect(parseCart(stored)).toEqual([
      {
        id: 'item-1',
        packageId: 'deepflow',
        typeId: 'sleep',
        theme: 'gratitude',
        customTheme: '',
        note: '',
        spotifyOption: false,
        audioFile: null,
        price: 129,
      },
      { id: 'item-2', packageId: 'soundtouch', typeId: '', theme: 'gratitude', customTheme: '', note: '', spotifyOption: false, audioFile: null, price: 39 },
    ])
  })

  it('never shows a negative or unreadable price', () => {
    expect(
      parseCart(
        JSON.stringify([
          { packageId: 'x', price: -5 },
          { packageId: 'y', price: 'abc' },
        ]),
      ).map((item) => item.price),
    ).toEqual([0, 0])
  })
})
