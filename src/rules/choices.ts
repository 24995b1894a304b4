import type { Locale } from '@/i18n/locales'

/** The focus-theme slug that asks for the customer's own theme in words. */
export const CUSTOM_THEME = 'custom'

/** A song's theme as stored: the slug, and the customer's own words when the slug is CUSTOM_THEME. */
export type ThemeChoice = { theme: string; customTheme?: string | null }

/**
 * How a chosen theme is named to the customer and on the invoice: their own words for the custom
 * theme, else the theme's name (`themeNames`: slug → name), else the slug itself.
 */
export const themeLabel = ({ theme, customTheme }: ThemeChoice, themeNames: Readonly<Record<string, string>>): string =>
  theme === CUSTOM_THEME && customTheme ? customTheme : (themeNames[theme] ?? theme)

/** An ordered package as the order stores it: the slug, and the name it was sold under (German, kept when the order was placed). */
export type PackageChoice = { package: string; package_name?: string | null }

/**
 * How an ordered package is named: by its name in the reader's language while the catalog has it
 * (`packageNames`: slug → name; none for the invoice and Stripe, which keep the name it was sold
 * under), else by the name it was sold under, else by the slug.
 */
export const packageLabel = ({ package: slug, package_name: soldAs }: PackageChoice, packageNames: Readonly<Record<string, string>> = {}): string =>
  packageNames[slug] ?? (soldAs || slug)

/**
 * How a customer may pay for a commissioned song (the order's `payment_method`), one row each, the
 * one table the checkout, the server's checks, the order page, the mails, the admin and the
 * invoice read: online (card and PayPal, through Stripe's Checkout, by Stripe's name of the method)
 * or by bank transfer, its name in the shop (German and English) and on the invoice.
 */
export const PAYMENT_METHOD_TABLE = {
  paypal: { online: true, stripeType: 'paypal', label: { de: 'PayPal', en: 'PayPal' }, onInvoice: 'PayPal' },
  credit_card: { online: true, stripeType: 'card', label: { de: 'Kreditkarte', en: 'Credit card' }, onInvoice: 'Kreditkarte' },
  // The invoice's words are those of every invoice issued so far.
  prepayment: { online: false, label: { de: 'Vorkasse (Überweisung)', en: 'Prepayment (bank transfer)' }, onInvoice: 'Überweisung (Vorkasse)' },
} as const satisfies Record<string, { online: boolean; stripeType?: string; label: Record<Locale, string>; onInvoice: string }>

export type PaymentMethod = keyof typeof PAYMENT_METHOD_TABLE
export const PAYMENT_METHODS = Object.keys(PAYMENT_METHOD_TABLE) as readonly PaymentMethod[]

/** Card and PayPal are paid online through Stripe; prepayment by bank transfer. */
export type OnlinePaymentMethod = { [M in PaymentMethod]: (typeof PAYMENT_METHOD_TABLE)[M]['online'] extends true ? M : never }[PaymentMethod]
export const paysOnline = (method: PaymentMethod): method is OnlinePaymentMethod => PAYMENT_METHOD_TABLE[method].online

/** The method's name in the shop's language `locale`. */
export const paymentMethodLabel = (method: PaymentMethod, locale: Locale): string => PAYMENT_METHOD_TABLE[method].label[locale]

/** The refusal's `detail` when card or PayPal is chosen while Stripe is not configured. */
export const ONLINE_PAYMENT_UNAVAILABLE = 'Card and PayPal payments are not available right now. Please choose prepayment by bank transfer.'
