/*
 * The life of a purchase of recorded music (or a tip), one home for its statuses: a purchase is
 * placed awaiting payment, becomes paid when the money arrives (and is delivered at once: the
 * music is in the buyer's library), and a paid purchase may be refunded (its download rights end).
 * An unpaid one may be cancelled. Free of server imports.
 */
export const PURCHASE_STATUSES = ['pending_payment', 'paid', 'refunded', 'cancelled'] as const
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number]

export const PURCHASE_STATUS_LABELS: Record<PurchaseStatus, { de: string; en: string }> = {
  pending_payment: { de: 'Wartet auf Zahlung', en: 'Awaiting payment' },
  paid: { de: 'Bezahlt und geliefert', en: 'Paid and delivered' },
  refunded: { de: 'Erstattet', en: 'Refunded' },
  cancelled: { de: 'Storniert', en: 'Cancelled' },
}

type Transition = { to: PurchaseStatus; by: readonly ('seller' | 'stripe')[] }

/**
 * Every allowed change and who may make it: the money arrives through Stripe's webhook or, for a
 * bank transfer, the seller's status change; an unpaid purchase may be cancelled; money that was
 * taken leaves only as a refund (made in Stripe or recorded by the seller). The customer changes
 * no status. A free purchase (total 0) is placed paid (src/purchases/place-purchase.ts).
 */
const TRANSITIONS: Record<PurchaseStatus, readonly Transition[]> = {
  pending_payment: [
    { to: 'paid', by: ['seller', 'stripe'] },
    { to: 'cancelled', by: ['seller', 'stripe'] },
  ],
  paid: [{ to: 'refunded', by: ['seller', 'stripe'] }],
  refunded: [],
  cancelled: [],
}

export const isPurchaseStatus = (value: unknown): value is PurchaseStatus => PURCHASE_STATUSES.includes(value as PurchaseStatus)

/** True when `actor` may move a purchase from `from` to `to`. */
export const canChangePurchaseStatus = (from: PurchaseStatus, to: PurchaseStatus, actor: 'customer' | 'seller' | 'stripe'): boolean =>
  TRANSITIONS[from].some((transition) => transition.to === to && (transition.by as readonly string[]).includes(actor))

/** The statuses `actor` may move a purchase to from `from` (the seller's choices in the admin). */
export const nextPurchaseStatuses = (from: PurchaseStatus, actor: 'customer' | 'seller' | 'stripe'): PurchaseStatus[] =>
  TRANSITIONS[from].filter((transition) => (transition.by as readonly string[]).includes(actor)).map((transition) => transition.to)

/** The buyer's music is theirs to download (paid and not refunded). */
export const MUSIC_IN_HAND_STATUSES: readonly PurchaseStatus[] = ['paid']

/** What a purchase line is: an album (music group), one track, or a tip for the musician. */
export const PURCHASE_LINE_KINDS = ['music-group', 'track', 'tip'] as const
export type PurchaseLineKind = (typeof PURCHASE_LINE_KINDS)[number]

/** Where an item in a buyer's library came from: bought, redeemed with a download code, or taken for free. */
export const LIBRARY_SOURCES = ['purchase', 'code', 'free'] as const
export type LibrarySource = (typeof LIBRARY_SOURCES)[number]
