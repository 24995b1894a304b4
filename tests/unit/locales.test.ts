import { localeFromAcceptLanguage } from '../../src/i18n/locales'

describe('localeFromAcceptLanguage', () => {
  it.each([
    [undefined, 'de'],
    ['', 'de'],
    ['en', 'en'],
    ['en-GB,en;q=0.9', 'en'],
    ['de-DE,de;q=0.9,en;q=0.8', 'de'],
    ['fr-FR,fr;q=0.9,en;q=0.8,de;q=0.7', 'en'],
    ['fr-FR,de;q=0.5,en;q=0.8', 'en'],
    ['fr, es', 'de'],
    ['en;q=0, de;q=0.1', 'de'],
    ['*', 'de'],
    ['EN-us', 'en'],
  ])('%p → %p', (header, expected) => {
    expect(localeFromAcceptLanguage(header)).toBe(expected)
  })
})
