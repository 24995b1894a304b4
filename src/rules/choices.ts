/** The focus-theme slug that asks for the customer's own theme in words. */
export const CUSTOM_THEME = 'custom'

/** How a customer may pay for a commissioned song (the order's `payment_method`). */
export const PAYMENT_METHODS = ['paypal', 'credit_card', 'prepayment'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]
