/** Lengths of what a customer writes into an order; the collection, the orders API and the forms share them. */
export const ORDER_LIMITS = { customTheme: 200, personalNote: 2000, uploadDescription: 200, billingName: 200, billingAddress: 500 } as const
