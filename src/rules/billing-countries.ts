/*
 * The countries a buyer may name as their billing country at checkout (issue 33: the first piece
 * of evidence of where a buyer of downloads lives), as ISO 3166-1 alpha-2 codes. Germany first and
 * the default; the names come from the browser's or server's Intl.DisplayNames in the page's
 * language. Free of server imports: the checkout's select and the tests read it.
 */

/** The EU member states (their VAT on digital sales to consumers may apply, issue 33). */
export const EU_COUNTRY_CODES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const

/** Further countries offered: the rest of Europe's usual buyers and the largest markets abroad. */
const OTHER_COUNTRY_CODES = ['CH', 'GB', 'IS', 'LI', 'NO', 'US', 'CA', 'AU', 'NZ', 'JP'] as const

export const DEFAULT_BILLING_COUNTRY = 'DE'

export const BILLING_COUNTRY_CODES: readonly string[] = [...EU_COUNTRY_CODES, ...OTHER_COUNTRY_CODES]

/** The offered countries with their names in the language given, the default first, the rest by name. */
export function billingCountryChoices(locale: string): { code: string; name: string }[] {
  const names = new Intl.DisplayNames([locale], { type: 'region' })
  const named = BILLING_COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code }))
  const [first] = named.filter(({ code }) => code === DEFAULT_BILLING_COUNTRY)
  const rest = named.filter(({ code }) => code !== DEFAULT_BILLING_COUNTRY).sort((a, b) => a.name.localeCompare(b.name, locale))
  return first ? [first, ...rest] : rest
}
