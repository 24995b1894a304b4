import type { Payload, PayloadRequest, TypedUser } from 'payload'
import type { Purchase, Setting } from '../../payload-types'
import type { Locale } from '@/i18n/locales'
import { parseDocumentId } from '@/http/document-id'
import { findOwnOrder } from '@/orders/own-order'
import { SONG_IN_HAND_STATUSES } from '@/orders/status'
import { chosenAmountCents, type SaleFormat } from '@/rules/catalog-sale'
import { ONLINE_PAYMENT_UNAVAILABLE, PAYMENT_METHODS, type PaymentMethod, paysOnline } from '@/rules/choices'
import { digitalSaleVat, isCountryCode } from '@/rules/digital-vat'
import { PURCHASE_LIMITS } from '@/rules/limits'
import { containedVatCents, toCents, toEuros, type VatMode, vatRateOf } from '@/rules/pricing'
import { TIP_LIMITS } from '@/rules/tips'
import { checkCatalogItem } from '@/sales/cart-item'
import { type Outcome, type Refusal, refuse } from '@/site/outcome'
import { withCustomerLocked } from '@/site/transaction'
import { isPurchaseConsentVersion } from './consent'
import { findOwnPurchase } from './own-purchase'
import type { PurchaseAsListed } from './purchase-request'
import { PURCHASE_READ, serializePurchase } from './serialize'

type Fields = Record<string, unknown>

/** A tip as the request names it: what it thanks for, and the amount in cents (checked against TIP_LIMITS). */
type TipInput = { for: { order: number } | { purchase: number }; cents: number }

/** An album or track as checked against the catalog: the offer's formats, the amount, whether the buyer named it. */
type MusicLine = { kind: 'music-group' | 'track'; id: number; title: string; cents: number; formats: SaleFormat[]; namedPrice: boolean }

type PurchaseChoices = {
  items: Fields[]
  payment_method: PaymentMethod
  consent_wording_version: string
  /** The buyer agreed to the early download (asked only when an album or track is bought). */
  digital_content_consent: boolean
  billing_name: string | null
  billing_address: string | null
  billing_country: string
}

const bad = (detail: string, field: string | null = null, code = 'invalid_request'): Refusal => refuse(400, detail, { code, field })

function optionalText(fields: Fields, name: string, maxLength: number): Outcome<string | null> {
  const value = fields[name]
  if (value === undefined || value === null) return { ok: true, value: null }
  if (typeof value !== 'string') return bad(`${name} must be text.`, name)
  const text = value.trim()
  if (text.length > maxLength) return bad(`${name} is too long (at most ${maxLength} characters).`, name)
  return { ok: true, value: text || null }
}

const isPaymentMethod = (value: unknown): value is PaymentMethod => typeof value === 'string' && (PAYMENT_METHODS as readonly string[]).includes(value)

/** The shape of POST /api/purchases/'s body (src/purchases/purchase-request.ts), or the first problem with it. */
function readPurchaseRequest(input: unknown): Outcome<PurchaseChoices> {
  if (!input || typeof input !== 'object' || Array.isArray(input))
    return bad('Expected a JSON object with items, payment_method, the consents and billing_country.')
  const fields = input as Fields
  const items = fields.items
  if (!Array.isArray(items) || items.length === 0) return bad('items must be a list of at least one album, track or tip.', 'items')
  if (items.length > PURCHASE_LIMITS.items) return bad(`At most ${PURCHASE_LIMITS.items} items per purchase.`, 'items')
  if (!items.every((item) => item && typeof item === 'object' && !Array.isArray(item)))
    return bad('Every item must be an object with kind and amount.', 'items')
  if (!isPaymentMethod(fields.payment_method)) return bad(`payment_method must be one of ${PAYMENT_METHODS.join(', ')}.`, 'payment_method')
  // The consents word for word as the checkout showed them (§ 312j BGB): the terms always; the early
  // download (§ 356 Abs. 5 BGB) when an album or track is bought. A tip alone supplies no digital
  // content, so its form asks for the terms only and no download consent is recorded.
  const required = items.some((item) => (item as Fields).kind !== 'tip')
    ? (['terms_accepted', 'digital_content_consent'] as const)
    : (['terms_accepted'] as const)
  const missing = required.filter((name) => fields[name] !== true)
  if (missing.length > 0) return bad(`Missing consent: ${missing.map((name) => `${name} must be true`).join('; ')}.`, missing[0], 'consent_missing')
  if (!isPurchaseConsentVersion(fields.consent_wording_version))
    return bad('consent_wording_version must name the wording the checkout showed.', 'consent_wording_version')
  if (!isCountryCode(fields.billing_country))
    return bad('billing_country must be a country code of two capital letters (ISO 3166-1 alpha-2, e.g. DE).', 'billing_country')
  const name = optionalText(fields, 'billing_name', PURCHASE_LIMITS.billingName)
  if (!name.ok) return name
  const address = optionalText(fields, 'billing_address', PURCHASE_LIMITS.billingAddress)
  if (!address.ok) return address
  return {
    ok: true,
    value: {
      items: items as Fields[],
      payment_method: fields.payment_method,
      consent_wording_version: fields.consent_wording_version,
      digital_content_consent: required.length === 2,
      billing_name: name.value,
      billing_address: address.value,
      billing_country: fields.billing_country,
    },
  }
}

/** A tip's shape and amount (at least € 1, at most the catalog's maximum, whole cents); its target is checked under the lock. */
function readTip(item: Fields, index: number): Outcome<TipInput> {
  const field = `items[${index}]`
  const forOrder = item.for_order === undefined || item.for_order === null ? null : parseDocumentId(String(item.for_order))
  const forPurchase = item.for_purchase === undefined || item.for_purchase === null ? null : parseDocumentId(String(item.for_purchase))
  const named = [item.for_order, item.for_purchase].filter((value) => value !== undefined && value !== null).length
  if (named !== 1 || (forOrder === null && forPurchase === null))
    return bad('A tip names exactly one delivered order (for_order) or purchase (for_purchase).', field)
  const amount = chosenAmountCents(
    { mode: 'name_your_price', minimumCents: TIP_LIMITS.minCents, suggestedCents: TIP_LIMITS.minCents, formats: [] },
    item.amount,
  )
  if ('refusal' in amount) return bad(amount.refusal.detail.replace('The amount', 'A tip'), `${field}.amount`, amount.refusal.code)
  if (amount.cents > TIP_LIMITS.maxCents)
    return bad(`A tip must be at most ${(TIP_LIMITS.maxCents / 100).toFixed(2)} EUR.`, `${field}.amount`, 'amount_too_high')
  return { ok: true, value: { for: forOrder !== null ? { order: forOrder } : { purchase: forPurchase! }, cents: amount.cents } }
}

/** Every album and track checked against the stored catalog as a visitor sees it (published, for sale, the amount its offer allows). */
async function checkMusic(payload: Payload, items: Fields[]): Promise<Outcome<{ music: MusicLine[]; tips: TipInput[] }>> {
  const music: MusicLine[] = []
  const tips: TipInput[] = []
  for (const [index, item] of items.entries()) {
    if (item.kind === 'tip') {
      const tip = readTip(item, index)
      if (!tip.ok) return tip
      tips.push(tip.value)
      continue
    }
    if (item.kind !== 'music-group' && item.kind !== 'track') return bad('kind must be "music-group", "track" or "tip".', `items[${index}].kind`)
    // German: the title is what the invoice prints.
    const checked = await checkCatalogItem(payload, item, 'de')
    // Not for sale is a bad request here: the checkout sends what the cart holds.
    if (!checked.ok) return bad(checked.detail, `items[${index}].${checked.field ?? 'id'}`, checked.code)
    const { kind, id, title, amount, formats } = checked.value.item
    const mode = checked.value.mode
    if (music.some((line) => line.kind === kind && line.id === id)) return bad('Each album or track can be bought once per purchase.', `items[${index}].id`)
    music.push({ kind, id, title, cents: toCents(amount), formats, namedPrice: mode === 'name_your_price' })
  }
  return { ok: true, value: { music, tips } }
}

type Line = Purchase['lines'][number]

const line = (fields: Omit<Line, 'amount' | 'vat_amount'>, cents: number): Line => ({
  ...fields,
  amount: toEuros(cents),
  vat_amount: toEuros(containedVatCents(cents, fields.vat_rate)),
})

/**
 * A tip's line, if the caller may give it: for their own delivered commission (the commission's
 * domestic VAT), or for their own paid purchase in which they named the price (the digital sale's
 * VAT). Read as the caller in the lock's transaction.
 */
async function tipLine(payload: Payload, customer: TypedUser, req: PayloadRequest, tip: TipInput, rates: { domestic: number; digital: number }) {
  if ('order' in tip.for) {
    const order = await findOwnOrder(payload, customer, tip.for.order, req)
    if (!order || !SONG_IN_HAND_STATUSES.includes(order.status)) return bad('A tip for an order needs one of your delivered commissions.', 'for_order')
    return line({ kind: 'tip', tip_for_order: order.id, title: `Trinkgeld zur Bestellung ${order.id}`, vat_rate: rates.domestic }, tip.cents)
  }
  const purchase = await findOwnPurchase(payload, customer, tip.for.purchase, req)
  if (!purchase || purchase.status !== 'paid' || !purchase.lines.some((bought) => bought.named_price))
    return bad('A tip for a purchase needs one of your paid purchases with a name-your-price item.', 'for_purchase')
  return line({ kind: 'tip', tip_for_purchase: purchase.id, title: `Trinkgeld zum Kauf ${purchase.id}`, vat_rate: rates.digital }, tip.cents)
}

/** What makes two requests the same purchase: the lines bought and the payment method (an Idempotency-Key's retry sends them again). */
const fingerprint = (lines: Pick<Line, 'kind' | 'music_group' | 'track' | 'tip_for_order' | 'tip_for_purchase' | 'amount'>[], method: string) =>
  JSON.stringify([
    method,
    lines.map((bought) => [
      bought.kind,
      typeof bought.music_group === 'object' ? bought.music_group?.id : bought.music_group,
      typeof bought.track === 'object' ? bought.track?.id : bought.track,
      typeof bought.tip_for_order === 'object' ? bought.tip_for_order?.id : bought.tip_for_order,
      typeof bought.tip_for_purchase === 'object' ? bought.tip_for_purchase?.id : bought.tip_for_purchase,
      bought.amount,
    ]),
  ])

/** A purchase placed, or the one an earlier request with the same Idempotency-Key placed. */
export type PlacedPurchase = { purchase: PurchaseAsListed; replayed: boolean }

export type PlacePurchaseOptions = {
  /** The language the buyer buys in; the mails about the purchase follow it. */
  locale: Locale
  idempotencyKey?: string | null
  /** Whether card and PayPal can be taken (Stripe is configured). */
  onlinePayment: boolean
}

/**
 * Places a purchase of albums, tracks and tips for the logged-in customer (POST /api/purchases/).
 * Whatever the browser sent, every price is decided here from stored data: each album or track
 * must be published and for sale at an amount its offer allows; a tip must thank for the caller's
 * own delivered commission or paid name-your-price purchase. Each line's VAT is fixed now
 * (digitalSaleVat for music and tips on a purchase, the seller's domestic rate for tips on a
 * commission), with both consents and the wording's version. A total of 0 is placed paid (no
 * payment, no invoice) and so delivered at once; otherwise it waits for its payment. With an
 * Idempotency-Key a repeated request gets the first purchase (same lines) or a 422, never a second.
 */
export async function placePurchase(
  payload: Payload,
  customer: TypedUser,
  input: unknown,
  { locale, idempotencyKey = null, onlinePayment }: PlacePurchaseOptions,
): Promise<Outcome<PlacedPurchase>> {
  const request = readPurchaseRequest(input)
  if (!request.ok) return request
  const choices = request.value
  // Catalog reads (cached, as a visitor) before the lock: nothing in them is the customer's.
  const checked = await checkMusic(payload, choices.items)
  if (!checked.ok) return checked
  const consentedAt = new Date().toISOString()

  return withCustomerLocked(payload, customer, {}, {}, async (req): Promise<Outcome<PlacedPurchase>> => {
    const settings: Setting = await payload.findGlobal({ slug: 'settings', depth: 0, req })
    const vatMode: VatMode = settings.vat_mode === 'small_business' ? 'small_business' : 'standard'
    const digital = digitalSaleVat({ vatMode, ossRegistered: Boolean(settings.oss_registered), buyerCountry: choices.billing_country })
    const rates = { domestic: vatRateOf(vatMode), digital: digital.ratePercent }
    const lines: Line[] = checked.value.music.map((music) =>
      line(
        {
          kind: music.kind,
          music_group: music.kind === 'music-group' ? music.id : null,
          track: music.kind === 'track' ? music.id : null,
          title: music.title,
          vat_rate: rates.digital,
          formats: music.formats,
          named_price: music.namedPrice,
        },
        music.cents,
      ),
    )
    for (const tip of checked.value.tips) {
      const tipped = await tipLine(payload, customer, req, tip, rates)
      if ('ok' in tipped) return tipped
      lines.push(tipped)
    }
    const totalCents = lines.reduce((sum, bought) => sum + toCents(bought.amount), 0)

    if (idempotencyKey) {
      const { docs } = await payload.find({
        collection: 'purchases',
        where: { and: [{ customer: { equals: customer.id } }, { idempotency_key: { equals: idempotencyKey } }] },
        limit: 1,
        ...PURCHASE_READ,
        user: customer,
        overrideAccess: false,
        req,
      })
      const earlier = docs[0]
      if (earlier && fingerprint(earlier.lines, earlier.payment_method) !== fingerprint(lines, choices.payment_method))
        return refuse(422, 'This Idempotency-Key was used for a purchase of other items; send a new key for a new purchase.')
      if (earlier) return { ok: true, value: { purchase: serializePurchase(earlier), replayed: true } }
    }
    // Card and PayPal are taken by Stripe; a purchase nobody could pay is not taken.
    if (totalCents > 0 && paysOnline(choices.payment_method) && !onlinePayment) return bad(ONLINE_PAYMENT_UNAVAILABLE, 'payment_method')
    if (totalCents > 0) {
      const open = await payload.count({
        collection: 'purchases',
        where: { and: [{ customer: { equals: customer.id } }, { status: { equals: 'pending_payment' } }] },
        user: customer,
        overrideAccess: false,
        req,
      })
      if (open.totalDocs >= PURCHASE_LIMITS.openUnpaid)
        return refuse(429, `You have ${open.totalDocs} unpaid purchases open; please pay one before buying more (at most ${PURCHASE_LIMITS.openUnpaid}).`)
    }

    const created = await payload.create({
      collection: 'purchases',
      data: {
        customer: Number(customer.id),
        // Nothing to pay: paid now, and the hooks put the music into the buyer's library.
        status: totalCents === 0 ? 'paid' : 'pending_payment',
        lines,
        total: toEuros(totalCents),
        vat_amount: toEuros(lines.reduce((sum, bought) => sum + toCents(bought.vat_amount), 0)),
        payment_method: choices.payment_method,
        billing_name: choices.billing_name,
        billing_address: choices.billing_address,
        billing_country: choices.billing_country,
        terms_accepted_at: consentedAt,
        digital_content_consent_at: choices.digital_content_consent ? consentedAt : null,
        consent_wording_version: choices.consent_wording_version,
        locale,
        idempotency_key: idempotencyKey,
      },
      ...PURCHASE_READ,
      req,
    })
    return { ok: true, value: { purchase: serializePurchase(created), replayed: false } }
  })
}
