import type { Locale } from './locales'

const formats = {
  de: new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }),
  en: new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }),
}

/** Euros with two decimals in the visitor's format: "39,00 €" / "€39.00" (spec section 9). */
export const formatPrice = (euros: number, locale: Locale): string => formats[locale].format(euros)
