/** Both checkboxes before the order button ticked: POST /api/orders/ takes no order without them. */
export const CONSENTS = { terms_accepted: true, early_start_consent: true } as const
