import type { Payload, PayloadRequest, TypedUser } from 'payload'
import { CUSTOM_THEME, ONLINE_PAYMENT_UNAVAILABLE, PAYMENT_METHODS, type PaymentMethod, paysOnline } from '@/rules/choices'
import type { Locale } from '@/i18n/locales'
import { CONSENT_WORDING_VERSION } from './consent'
import { customerLimits } from './customer-limits'
import { ORDER_LIMITS } from '@/rules/limits'
import { withCustomerLocked } from '@/site/transaction'
import { type Outcome, refuse } from '@/site/outcome'
import { type ListedOrder, ORDER_READ, serializeOrder } from './serialize'

/** What a customer chooses; prices, status and the customer come from the server, never from here. */
type OrderChoices = {
  package: string
  theme: string
  custom_theme: string | null
  personal_note: string
  spotify_option: boolean
  use_type: string | null
  payment_method: PaymentMethod
  billing_name: string | null
  billing_address: string | null
}

/** The first thing wrong with an order request, in plain words for `detail`. */
class InvalidOrder extends Error {}

type Fields = Record<string, unknown>

/** Optional fields may be left out or sent as null; blank text counts as left out. */
function optionalText(fields: Fields, name: string): string | null {
  const value = fields[name]
  if (value === undefined || value === null) return null
  if (typeof value !== 'string') throw new InvalidOrder(`${name} must be text.`)
  return value.trim() || null
}

function optionalFlag(fields: Fields, name: string): boolean {
  const value = fields[name]
  if (value === undefined || value === null) return false
  if (typeof value !== 'boolean') throw new InvalidOrder(`${name} must be true or false.`)
  return value
}

/**
 * The two consents the order button needs (German shop law): both must be sent as `true`;
 * anything else (left out, false, "on") names every one that is missing.
 */
const REQUIRED_CONSENTS = {
  terms_accepted: 'the customer accepts the terms and conditions',
  early_start_consent:
    'the customer agrees that the work begins before the withdrawal period ends, knowing that the right of withdrawal ends once the work has begun',
} as const

function requireConsents(fields: Fields): void {
  const missing = Object.entries(REQUIRED_CONSENTS).filter(([name]) => fields[name] !== true)
  if (missing.length === 0) return
  throw new InvalidOrder(`Missing consent: ${missing.map(([name, what]) => `${name} must be true (${what})`).join('; ')}.`)
}

function requiredSlug(fields: Fields, name: string, problem: string): string {
  const value = fields[name]
  if (typeof value !== 'string' || !value.trim()) throw new InvalidOrder(problem)
  return value.trim()
}

function choicesFrom(input: unknown, onlinePayment: boolean): OrderChoices {
  if (!input || typeof input !== 'object' || Array.isArray(input)) {
    throw new InvalidOrder('Expected a JSON object with package, theme and personal_note.')
  }
  const fields = input as Fields
  const pkg = requiredSlug(fields, 'package', 'Please choose a package (its slug, e.g. "deepflow").')
  const theme = requiredSlug(fields, 'theme', 'Please give a theme (its slug, e.g. "inner-peace").')
  const customTheme = optionalText(fields, 'custom_theme')
  const note = optionalText(fields, 'personal_note') ?? ''
  const paymentMethod = optionalText(fields, 'payment_method') ?? 'prepayment'

  const isCustom = theme === CUSTOM_THEME
  if (isCustom && !customTheme) throw new InvalidOrder('Please describe your own theme in custom_theme.')
  if (isCustom && customTheme!.length > ORDER_LIMITS.customTheme) {
    throw new InvalidOrder(`Your own theme is too long (at most ${ORDER_LIMITS.customTheme} characters).`)
  }
  if (note.length > ORDER_LIMITS.personalNote) {
    throw new InvalidOrder(`The personal note is too long (at most ${ORDER_LIMITS.personalNote} characters).`)
  }
  if (!isPaymentMethod(paymentMethod)) {
    throw new InvalidOrder(`Unknown payment method "${paymentMethod}"; choose one of ${PAYMENT_METHODS.join(', ')}.`)
  }
  const billingName = optionalText(fields, 'billing_name')
  const billingAddress = optionalText(fields, 'billing_address')
  if (billingName && billingName.length > ORDER_LIMITS.billingName) {
    throw new InvalidOrder(`The billing name is too long (at most ${ORDER_LIMITS.billingName} characters).`)
  }
  if (billingAddress && billingAddress.length > ORDER_LIMITS.billingAddress) {
    throw new InvalidOrder(`The billing address is too long (at most ${ORDER_LIMITS.billingAddress} characters).`)
  }
  requireConsents(fields)
  // Card and PayPal are taken by Stripe; an order nobody could pay is not taken.
  if (paysOnline(paymentMethod) && !onlinePayment) throw new InvalidOrder(ONLINE_PAYMENT_UNAVAILABLE)
  return {
    package: pkg,
    theme,
    // Free text belongs only to the custom theme; with a listed theme it is dropped.
    custom_theme: isCustom ? customTheme : null,
    personal_note: note,
    spotify_option: optionalFlag(fields, 'spotify_option'),
    use_type: optionalText(fields, 'use_type'),
    payment_method: paymentMethod,
    // Optional: every total is a small-amount invoice (§ 33 UStDV), lawful without the address.
    billing_name: billingName,
    billing_address: billingAddress,
  }
}

const isPaymentMethod = (value: string): value is PaymentMethod => (PAYMENT_METHODS as readonly string[]).includes(value)

/**
 * Checks the shape of an order request (POST /api/orders/) and returns the choices, or the first
 * problem. Whether the chosen slugs exist is checked against the catalog afterwards.
 */
function readOrderChoices(input: unknown, onlinePayment: boolean): Outcome<OrderChoices> {
  try {
    return { ok: true, value: choicesFrom(input, onlinePayment) }
  } catch (error) {
    if (error instanceof InvalidOrder) return refuse(400, error.message)
    throw error
  }
}

/** The first chosen slug that the catalog does not have, in plain words, or null. */
async function unknownChoice(payload: Payload, customer: TypedUser, choices: OrderChoices, req: PayloadRequest): Promise<string | null> {
  // In the caller's transaction: its connection is the one this request holds while it waits for
  // the customer's lock, and a burst of requests must not need a second connection each.
  const exists = async (collection: 'packages' | 'use-types' | 'focus-themes', slug: string) => {
    const { totalDocs } = await payload.count({ collection, where: { slug: { equals: slug } }, user: customer, overrideAccess: false, req })
    return totalDocs > 0
  }
  const [pkg, theme, useType] = await Promise.all([
    exists('packages', choices.package),
    exists('focus-themes', choices.theme),
    choices.use_type ? exists('use-types', choices.use_type) : true,
  ])
  if (!pkg) return `There is no package "${choices.package}".`
  if (!useType) return `There is no use type "${choices.use_type}".`
  if (!theme) return `There is no theme "${choices.theme}".`
  return null
}

/** Refuses a further order while the customer has the allowed number of unpaid ones open. */
async function tooManyOpenOrders(payload: Payload, customer: TypedUser, req: PayloadRequest) {
  const { openUnpaidOrders } = customerLimits()
  const { totalDocs } = await payload.count({
    collection: 'orders',
    where: { and: [{ customer: { equals: customer.id } }, { status: { equals: 'pending_payment' } }] },
    user: customer,
    overrideAccess: false,
    req,
  })
  if (totalDocs < openUnpaidOrders) return null
  return refuse(429, `You have ${totalDocs} unpaid orders open; please pay or cancel one before placing another (at most ${openUnpaidOrders}).`)
}

/** The customer's earlier order placed with this Idempotency-Key, if any. */
async function orderWithKey(payload: Payload, customer: TypedUser, key: string, req: PayloadRequest) {
  const { docs } = await payload.find({
    collection: 'orders',
    where: { and: [{ customer: { equals: customer.id } }, { idempotency_key: { equals: key } }] },
    limit: 1,
    ...ORDER_READ,
    user: customer,
    overrideAccess: false,
    req,
  })
  return docs[0] ?? null
}

/** Whether a stored order holds exactly these choices (a retry sends the same request again). */
function holdsChoices(order: Partial<Record<keyof OrderChoices, unknown>>, choices: OrderChoices): boolean {
  return (Object.keys(choices) as (keyof OrderChoices)[]).every((name) => (order[name] ?? null) === (choices[name] ?? null))
}

/** An order placed, or the one an earlier request with the same Idempotency-Key placed. */
export type PlacedOrder = { order: ListedOrder; replayed: boolean }

export type PlaceOrderOptions = {
  /** The language the customer orders in. */
  locale: Locale
  idempotencyKey?: string | null
  /** Whether card and PayPal can be taken (Stripe is configured: src/payments/stripe-client.ts); an order nobody could pay is not taken. */
  onlinePayment: boolean
}

/**
 * Places an order for the logged-in customer (POST /api/orders/), in the language they ordered in
 * (the mails about it follow it). The collection's hook prices it from the stored package and
 * settings; status starts at "pending_payment". Both consents are recorded with their time and the
 * version of the wording the checkout showed. With an Idempotency-Key, a repeated request gets the
 * order the first one placed (the same choices) or a 422 (other choices), never a second order.
 */
export async function placeOrder(
  payload: Payload,
  customer: TypedUser,
  input: unknown,
  { locale, idempotencyKey = null, onlinePayment }: PlaceOrderOptions,
): Promise<Outcome<PlacedOrder>> {
  const choices = readOrderChoices(input, onlinePayment)
  if (!choices.ok) return choices

  const consentedAt = new Date().toISOString()
  // Looked up, counted and created under the customer's lock, so neither a burst of requests nor
  // two retries at once can pass the limit or place two orders for one key.
  return withCustomerLocked(payload, customer, {}, { orderForm: true }, async (req) => {
    if (idempotencyKey) {
      const earlier = await orderWithKey(payload, customer, idempotencyKey, req)
      if (earlier && !holdsChoices(earlier, choices.value)) {
        return refuse(422, 'This Idempotency-Key was used for an order with other choices; send a new key for a new order.')
      }
      if (earlier) return { ok: true, value: { order: serializeOrder(earlier), replayed: true } }
    }
    const unknown = await unknownChoice(payload, customer, choices.value, req)
    if (unknown) return refuse(400, unknown)
    const tooMany = await tooManyOpenOrders(payload, customer, req)
    if (tooMany) return tooMany
    const created = await payload.create({
      collection: 'orders',
      data: {
        ...choices.value,
        customer: customer.id,
        status: 'pending_payment',
        terms_accepted_at: consentedAt,
        early_start_consent_at: consentedAt,
        consent_wording_version: CONSENT_WORDING_VERSION,
        locale,
        idempotency_key: idempotencyKey,
      },
      ...ORDER_READ,
      user: customer,
      overrideAccess: false,
      req,
    })
    return { ok: true, value: { order: serializeOrder(created), replayed: false } }
  })
}
