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

/** How a customer may pay for a commissioned song (the order's `payment_method`). */
export const PAYMENT_METHODS = ['paypal', 'credit_card', 'prepayment'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

/** Card and PayPal are paid online through Stripe; prepayment by bank transfer. */
export type OnlinePaymentMethod = Exclude<PaymentMethod, 'prepayment'>
export const paysOnline = (method: PaymentMethod): method is OnlinePaymentMethod => method !== 'prepayment'

/** The refusal's `detail` when card or PayPal is chosen while Stripe is not configured. */
export const ONLINE_PAYMENT_UNAVAILABLE = 'Card and PayPal payments are not available right now. Please choose prepayment by bank transfer.'
