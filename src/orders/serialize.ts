import type { Audio, Order } from '../../payload-types'
import { idOf } from '@/site/relation-id'
import { packageLabel } from '@/rules/choices'

/**
 * How orders are read for the storefront: uploads populated with what the answer needs (file
 * name, hence URL, and purpose), the customer with no more than the username.
 */
export const ORDER_READ = {
  depth: 1,
  populate: { audio: { filename: true, purpose: true, peaks: true }, users: { username: true }, invoices: { number: true } },
} as const

type UploadRow = NonNullable<Order['uploads']>[number]

/** An upload as the storefront lists it (spec section 3: id, file, description). */
export const serializeUpload = (audio: Audio, description: string | null | undefined) => ({
  id: audio.id,
  file: audio.url ?? null,
  description: description ?? '',
})

/** Rows whose file the caller may not read stay unpopulated (a bare id) and drop out. */
const readableUploads = (order: Order): { row: UploadRow; audio: Audio }[] =>
  (order.uploads ?? []).flatMap((row) => (typeof row.audio === 'object' && row.audio ? [{ row, audio: row.audio }] : []))

/** How many voice recordings of the customer an order holds (read with ORDER_READ). */
export const recordingCount = (order: Order): number => readableUploads(order).filter(({ audio }) => audio.purpose === 'recording').length

/** Where the owner (and the seller) download an invoice of the order: src/app/api/invoices/[file]/route.ts. */
const invoicePdfPath = (invoice: Order['invoice']): string | null => {
  const id = idOf(invoice)
  return id ? `/api/invoices/${id}.pdf` : null
}

/** An order as GET /api/orders/my/ lists it; the answer of every order call (read with ORDER_READ). */
export const serializeOrder = (order: Order) => ({
  id: order.id,
  package: order.package,
  package_name: packageLabel(order),
  use_type: order.use_type || null,
  theme: order.theme,
  custom_theme: order.custom_theme || null,
  personal_note: order.personal_note ?? '',
  spotify_option: Boolean(order.spotify_option),
  payment_method: order.payment_method,
  status: order.status,
  uploads: readableUploads(order).map(({ row, audio }) => ({
    ...serializeUpload(audio, row.description),
    // The customer's own voice recordings, or what the seller delivered.
    kind: audio.purpose === 'recording' ? ('recording' as const) : ('delivery' as const),
  })),
  confirmed_by_user: Boolean(order.confirmed_by_user),
  invoice_pdf: invoicePdfPath(order.invoice),
  cancellation_invoice_pdf: invoicePdfPath(order.cancellation_invoice),
  package_price: order.package_price ?? null,
  streaming_surcharge: order.streaming_surcharge ?? null,
  total: order.total ?? null,
  vat_amount: order.vat_amount ?? null,
  billing_name: order.billing_name || null,
  billing_address: order.billing_address || null,
  created_at: order.createdAt,
})

export type ListedOrder = ReturnType<typeof serializeOrder>
