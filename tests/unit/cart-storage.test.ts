import { parseCart, parseCatalogItems } from '../../src/cart/cart-storage'

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

describe('parseCatalogItems (issue 33): albums and tracks beside the custom songs', () => {
  const song = { id: 'a', packageId: 'soundtouch', typeId: 'sleep', theme: 'gratitude', price: 39 }
  const album = { id: 'music-group-7', kind: 'music-group', itemId: 7, title: 'Wasser & Wind', amount: 12.5, formats: ['mp3', 'flac'] }
  const track = { id: 'track-3', kind: 'track', itemId: 3, title: 'Morgentau', amount: 1.29, formats: ['mp3'] }

  it('reads each kind from the one stored list, and neither takes the other', () => {
    const stored = JSON.stringify([song, album, track])
    expect(parseCatalogItems(stored)).toEqual([album, track])
    expect(parseCart(stored).map((item) => item.id)).toEqual(['a'])
  })

  it('keeps one entry per album or track (the last), and drops broken ones and unknown formats', () => {
    const stored = JSON.stringify([
      album,
      { ...album, amount: 6, formats: ['mp3', 'wma'] },
      { ...track, kind: 'package' },
      { ...track, itemId: 0 },
      { ...track, itemId: '3' },
      { ...track, amount: -1 },
      { ...track, amount: 'free' },
      { ...track, packageId: 'soundtouch', id: 'made-up' },
    ])
    expect(parseCatalogItems(stored)).toEqual([
      { ...album, amount: 6, formats: ['mp3'] },
      { ...track, id: 'track-3' },
    ])
    // An entry with a kind is never a custom song, even with a package.
    expect(parseCart(stored)).toEqual([])
  })
})
