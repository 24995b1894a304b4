import { apiFetch } from '@/auth/access-token'
import type { CatalogCartItem } from '@/cart/cart-storage'
import type { Locale } from '@/i18n/locales'
import { PURCHASE_CONSENT_VERSION } from '@/purchases/consent'
import type { PurchaseAsListed, PurchaseItemInput, PurchaseRequest } from '@/purchases/purchase-request'
import type { PaymentMethod } from '@/rules/choices'
import { IDEMPOTENCY_KEY_HEADER } from '@/rules/idempotency-key'
import { fingerprint } from '@/checkout/fingerprint'
import { paymentPageUrl } from '@/checkout/send-orders'

/*
 * The browser's side of buying albums, tracks and tips (issue 33): POST /api/purchases/ with the
 * contract of src/purchases/purchase-request.ts, then on to Stripe's page or the purchase's own
 * page. The server prices everything again; the amounts sent are only the buyer's choice.
 */

/** A refusal of the purchase API, with the server's `detail` (shown under "Sending failed."). */
export class PurchaseFailed extends Error {
  constructor(
    message: string,
    readonly detail: string | null,
  ) {
    super(message)
  }
}

/** What the buyer chose and agreed to, beside the items. */
export type PurchaseTerms = {
  paymentMethod: PaymentMethod
  termsAccepted: boolean
  /** § 356(5) BGB: only for downloads; a tip alone supplies no digital content. */
  digitalContentConsent: boolean
  billing: { name: string; address: string; country: string }
}

/** The catalog items of the cart as the purchase API takes them. */
export const purchaseItemsOf = (items: CatalogCartItem[]): PurchaseItemInput[] => items.map(({ kind, itemId, amount }) => ({ kind, id: itemId, amount }))

export const purchaseRequest = (items: PurchaseItemInput[], terms: PurchaseTerms): PurchaseRequest => ({
  items,
  payment_method: terms.paymentMethod,
  terms_accepted: terms.termsAccepted,
  digital_content_consent: terms.digitalContentConsent,
  consent_wording_version: PURCHASE_CONSENT_VERSION,
  billing_name: terms.billing.name.trim() || undefined,
  billing_address: terms.billing.address.trim() || undefined,
  billing_country: terms.billing.country,
})

/** The server's `detail` of a refusal, or null when the answer carries none. */
async function detailOf(response: Response): Promise<string | null> {
  try {
    const body: unknown = await response.json()
    const detail = typeof body === 'object' && body !== null ? (body as { detail?: unknown }).detail : null
    return typeof detail === 'string' && detail.trim() ? detail : null
  } catch {
    return null
  }
}

/**
 * POST /api/purchases/: the purchase placed. `formKey` stays the same while the form is open, so
 * sending the same request again after a lost answer returns the purchase already placed (the
 * Idempotency-Key as the orders' send makes it); other items or another method are another purchase.
 */
export async function placePurchase(formKey: string, request: PurchaseRequest, locale: Locale): Promise<PurchaseAsListed> {
  const response = await apiFetch('/api/purchases/', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Accept-Language': locale,
      [IDEMPOTENCY_KEY_HEADER]: `purchase-${formKey}.${fingerprint(JSON.stringify([request, locale]))}`,
    },
    body: JSON.stringify(request),
  })
  if (!response.ok) throw new PurchaseFailed(`POST /api/purchases/ answered ${response.status}`, await detailOf(response))
  return (await response.json()) as PurchaseAsListed
}

/** The purchase's own page; `placed` right after buying (it confirms the purchase). */
export const purchasePath = (purchaseId: number, placed = false): string => `/account/purchases/${purchaseId}${placed ? '?placed=1' : ''}`

/** Where an unpaid card or PayPal purchase is paid: POST /api/purchases/{id}/pay/ answers Stripe's page. */
export const purchasePayPath = (purchaseId: number): string => `/api/purchases/${purchaseId}/pay/`

/** After buying: to pay online straight to Stripe's page (else the purchase's page, which has the button), otherwise to the purchase's page with the bank details. */
export async function pathAfterPurchase(purchase: Pick<PurchaseAsListed, 'id' | 'next'>): Promise<string> {
  if (purchase.next === 'pay_online') {
    const paymentPage = await paymentPageUrl(purchasePayPath(purchase.id)).catch(() => null)
    if (paymentPage) return paymentPage
  }
  return purchasePath(purchase.id, true)
}
