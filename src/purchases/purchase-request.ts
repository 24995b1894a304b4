import type { PaymentMethod } from '@/rules/choices'
import type { PurchaseStatus } from './status'

/*
 * The contract of the purchase API (issue 33) between the checkout, the account pages and the
 * server: what POST /api/purchases/ takes and what the purchase endpoints answer. Field names in
 * snake_case like the spec's order API. Amounts are euros; the server decides every price again.
 */

/** An album or track as the cart holds it (amount: what the buyer chose; a fixed price ignores it), or a tip. */
export type PurchaseItemInput =
  { kind: 'music-group' | 'track'; id: number; amount: number | string } | { kind: 'tip'; for_order?: number; for_purchase?: number; amount: number | string }

/** POST /api/purchases/ (logged in; header Idempotency-Key as for orders). */
export type PurchaseRequest = {
  items: PurchaseItemInput[]
  payment_method: PaymentMethod
  terms_accepted: boolean
  digital_content_consent: boolean
  consent_wording_version: string
  billing_name?: string
  billing_address?: string
  /** ISO 3166-1 alpha-2, required: the first piece of evidence of where the buyer lives. */
  billing_country: string
}

/** A purchase line as the API shows it. */
export type PurchaseLineAsListed = {
  kind: 'music-group' | 'track' | 'tip'
  title: string
  amount: number
  vat_rate: number
  music_group: number | null
  track: number | null
  formats: string[]
}

/**
 * A purchase as POST /api/purchases/ (201), GET /api/purchases/my/ (a list) and
 * GET /api/purchases/{id}/ answer it. `next` says what the buyer does now: pay online
 * (POST /api/purchases/{id}/pay/ answers { url } of Stripe's page), transfer the money (bank
 * details and GiroCode at GET /api/purchases/{id}/girocode.svg), or nothing (paid: the music is in
 * "My music").
 */
export type PurchaseAsListed = {
  id: number
  status: PurchaseStatus
  total: number
  vat_amount: number
  payment_method: PaymentMethod
  created_at: string
  paid_at: string | null
  lines: PurchaseLineAsListed[]
  invoice_pdf: string | null
  next: 'pay_online' | 'bank_transfer' | 'none'
}
