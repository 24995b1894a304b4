import { visitorLocale } from '../../src/http/content-locale'
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

describe('visitorLocale (the language an order is recorded in)', () => {
  const request = (headers: Record<string, string>) => new Request('http://shop.test/api/orders/', { method: 'POST', headers })
  it.each([
    [{}, 'de'],
    [{ 'accept-language': 'en-GB,en;q=0.9' }, 'en'],
    [{ cookie: 'lang=en' }, 'en'],
    // The selector's choice is what the pages showed, whatever the browser prefers.
    [{ cookie: 'theme=dark; lang=de', 'accept-language': 'en' }, 'de'],
    [{ cookie: 'lang=en', 'accept-language': 'de-DE' }, 'en'],
    [{ cookie: 'lang=fr', 'accept-language': 'en' }, 'en'],
    [{ cookie: 'lang=xx' }, 'de'],
  ])('%p → %p', (headers, expected) => {
    expect(visitorLocale(request(headers))).toBe(expected)
  })
})
