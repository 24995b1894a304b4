import { apiFetch } from '@/auth/access-token'
import { type CartItem, readCart, writeCart } from '@/cart/cart-storage'
import { RECORDING_FILE_NAME } from '@/cart/recording-store'
import type { Locale } from '@/i18n/locales'
import { CUSTOM_THEME, type PaymentMethod, paysOnline } from '@/rules/choices'
import { IDEMPOTENCY_KEY_HEADER } from '@/rules/idempotency-key'
import { fingerprint } from './fingerprint'

/** Spec section 3: the recording is sent with a fixed description. */
export const RECORDING_DESCRIPTION = 'Sprachaufnahme'

/** The choices of one custom song, as the cart and the wizard's draft both hold them. */
export type SongChoices = Pick<CartItem, 'packageId' | 'typeId' | 'theme' | 'customTheme' | 'note' | 'spotifyOption'>

/** Name and address for the invoice, given by customers who want them there (optional, § 33 UStDV). */
export type Billing = { name: string; address: string }

/** The two checkboxes before the order button (src/orders/consent.ts); the server takes an order only with both true. */
export type Consents = { terms_accepted: boolean; early_start_consent: boolean }

/** What the customer chose and agreed to for everything ordered at once, and the language the page showed. */
export type OrderTerms = { paymentMethod: PaymentMethod; billing: Billing; consents: Consents; locale: Locale }

/** What the browser sends to POST /api/orders/ for one custom song; the server prices it. */
export const orderRequest = (item: SongChoices, { paymentMethod, billing, consents }: OrderTerms) => ({
  package: item.packageId,
  use_type: item.typeId,
  theme: item.theme,
  custom_theme: item.theme === CUSTOM_THEME ? item.customTheme : undefined,
  personal_note: item.note,
  spotify_option: item.spotifyOption,
  payment_method: paymentMethod,
  ...consents,
  billing_name: billing.name.trim() || undefined,
  billing_address: billing.address.trim() || undefined,
})

export class OrderFailed extends Error {}

/** The order's page right after ordering: it confirms the order and says how to pay. */
const placedOrderPath = (orderId: number): string => `/account/orders/${orderId}?placed=1`

/** Stripe's payment page that the shop's pay endpoint (`payPath`: an order's or a purchase's `…/pay/`) opens, or null when it cannot be opened now. */
export async function paymentPageUrl(payPath: string): Promise<string | null> {
  const response = await apiFetch(payPath, { method: 'POST' })
  if (!response.ok) return null
  return ((await response.json()) as { url: string }).url
}

/** Where an unpaid card or PayPal order is paid: POST /api/orders/{id}/pay/. */
export const orderPayPath = (orderId: number): string => `/api/orders/${orderId}/pay/`

/** Stripe's payment page for an unpaid card or PayPal order, or null when it cannot be opened now. */
export const onlinePaymentUrl = (orderId: number): Promise<string | null> => paymentPageUrl(orderPayPath(orderId))

/**
 * Where the browser goes after ordering: for one song paid by card or PayPal straight on to
 * Stripe's payment page; otherwise (or if that page cannot be opened) to the order's own page,
 * which says how to pay; several songs at once to the account, which lists them all.
 */
export async function pathAfterOrdering(orderIds: number[], paymentMethod: PaymentMethod): Promise<string> {
  const [orderId] = orderIds
  if (orderId === undefined || orderIds.length > 1) return '/account'
  if (paysOnline(paymentMethod)) {
    const paymentPage = await onlinePaymentUrl(orderId).catch(() => null)
    if (paymentPage) return paymentPage
  }
  return placedOrderPath(orderId)
}

/** Follows pathAfterOrdering's answer: Stripe's page is another site, the shop's pages are routes. */
export function goTo(path: string, push: (path: string) => void): void {
  if (/^https?:\/\//.test(path)) window.location.assign(path)
  else push(path)
}

/**
 * The Idempotency-Key of one order: the same song (`songKey`, the cart item's or the order form's
 * id) sent with the same choices gets the same key, so pressing "order" again after a lost answer
 * returns the order already placed; changed choices (another payment method) are another order.
 */
export const orderIdempotencyKey = (songKey: string, request: ReturnType<typeof orderRequest>, locale: Locale): string =>
  `song-${songKey}.${fingerprint(JSON.stringify([request, locale]))}`

/**
 * POST /api/orders/ (spec section 7): the new order's id (or, for a retry with the same key, the
 * first one's); throws OrderFailed on any refusal. The order is recorded in the language of the
 * page the customer agreed on, which the language cookie or, without one, this Accept-Language
 * tells the server (the browser's own may differ).
 */
async function createOrder(songKey: string, request: ReturnType<typeof orderRequest>, locale: Locale): Promise<number> {
  const created = await apiFetch('/api/orders/', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Accept-Language': locale,
      [IDEMPOTENCY_KEY_HEADER]: orderIdempotencyKey(songKey, request, locale),
    },
    body: JSON.stringify(request),
  })
  if (!created.ok) throw new OrderFailed(`POST /api/orders/ answered ${created.status}`)
  return ((await created.json()) as { id: number }).id
}

/**
 * One order with its recording, as the direct order form on the review page sends it; `formKey`
 * stays the same while the form is open, so sending again cannot order the song twice.
 */
export async function sendOrder(formKey: string, item: SongChoices, terms: OrderTerms, recording: Blob | null): Promise<number> {
  const id = await createOrder(formKey, orderRequest(item, terms), terms.locale)
  if (recording) await uploadRecording(id, recording)
  return id
}

export async function uploadRecording(orderId: number, recording: Blob): Promise<void> {
  const form = new FormData()
  form.append('file', recording, RECORDING_FILE_NAME)
  form.append('description', RECORDING_DESCRIPTION)
  const uploaded = await apiFetch(`/api/orders/${orderId}/upload-audio/`, { method: 'POST', body: form })
  if (!uploaded.ok) throw new OrderFailed(`upload-audio answered ${uploaded.status}`)
}

/**
 * Checkout of the whole cart, one order per item. Each item leaves the cart as soon as its order
 * (with its recording) is stored, and an order that was created but whose upload failed is
 * remembered on the item, so trying again neither loses the recording nor orders the song twice.
 * Returns the ids of the orders, in the cart's order.
 */
export async function checkOutCart(
  items: CartItem[],
  terms: OrderTerms,
  recordingOf: (item: CartItem) => Promise<Blob | null>,
  removeItem: (id: string) => Promise<void>,
): Promise<number[]> {
  const orderIds: number[] = []
  for (const item of items) {
    const recording = await recordingOf(item)
    let orderId = item.orderId
    if (!orderId) {
      orderId = await createOrder(item.id, orderRequest(item, terms), terms.locale)
      rememberOrder(item.id, orderId)
    }
    if (recording) await uploadRecording(orderId, recording)
    await removeItem(item.id)
    orderIds.push(orderId)
  }
  return orderIds
}

function rememberOrder(itemId: string, orderId: number): void {
  writeCart(readCart().map((item) => (item.id === itemId ? { ...item, orderId } : item)))
}
