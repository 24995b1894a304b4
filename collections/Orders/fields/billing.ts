import type { Field } from 'payload'
import { ORDER_LIMITS } from '../../../src/rules/limits'
import { sellerOnly, shownAsText } from './shared'

/** Whom the invoice names, as the customer gave it when ordering. */
export const billingFields: Field[] = [
  {
    name: 'billing_name',
    label: { de: 'Rechnungsname', en: 'Billing name' },
    type: 'text',
    maxLength: ORDER_LIMITS.billingName,
    access: sellerOnly,
    admin: {
      ...shownAsText,
      description: {
        de: 'Freiwillig vom Kunden angegeben; sonst steht sein Benutzername auf der Rechnung.',
        en: 'Given by the customer if they wish; otherwise the invoice names their username.',
      },
    },
  },
  {
    name: 'billing_address',
    label: { de: 'Rechnungsanschrift', en: 'Billing address' },
    type: 'textarea',
    maxLength: ORDER_LIMITS.billingAddress,
    access: sellerOnly,
    admin: shownAsText,
  },
]
