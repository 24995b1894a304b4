/** An order as GET /api/orders/my/ lists it (spec section 3, "Order as listed"), as the browser reads it. */
export type ListedOrder = {
  id: number
  package: string
  package_name: string | null
  use_type: string | null
  theme: string
  custom_theme: string | null
  personal_note: string | null
  spotify_option: boolean
  payment_method: string
  status: string
  uploads: { id: number; file: string; description: string | null; kind: 'recording' | 'delivery' }[]
  confirmed_by_user: boolean
  invoice_pdf: string | null
  total: number
  created_at: string
}
