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

/** What a purchase line is: an album (music group), one track, or a tip for the musician. */
export const PURCHASE_LINE_KINDS = ['music-group', 'track', 'tip'] as const
export type PurchaseLineKind = (typeof PURCHASE_LINE_KINDS)[number]

/** Where an item in a buyer's library came from: bought, redeemed with a download code, or taken for free. */
export const LIBRARY_SOURCES = ['purchase', 'code', 'free'] as const
export type LibrarySource = (typeof LIBRARY_SOURCES)[number]
