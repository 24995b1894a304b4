import { APIError, type CollectionBeforeChangeHook, type PayloadRequest } from 'payload'
import type { Purchase } from '../../../payload-types'
import { isAdminUser } from '../../../src/auth/roles'
import { canChangePurchaseStatus, isPurchaseStatus, nextPurchaseStatuses, PURCHASE_STATUS_LABELS } from '../../../src/purchases/status'
import type { StatusActor } from '../../../src/site/request-context'

/** Who makes this change: named by the server's own code (Stripe's webhook), else the caller; the server's own calls without a user act for the seller. */
function actorOf(req: PayloadRequest): StatusActor {
  const named = req.context.statusActor
  if (named === 'stripe' || named === 'seller' || named === 'customer') return named
  if (!req.user) return 'seller'
  return isAdminUser(req.user) ? 'seller' : 'customer'
}

/** A refused status change, answered 400 with its message (the admin shows it); named, since Payload words an error by its name. */
class PurchaseStatusRefused extends APIError {
  constructor(message: string) {
    super(message, 400, null, true)
    this.name = 'PurchaseStatusRefused'
  }
}

/**
 * Lets a purchase's status change only along src/purchases/status.ts, by the party allowed to make
 * it, and stamps `paid_at` and `refunded_at`. A purchase is placed awaiting payment, or paid when
 * there is nothing to pay (placePurchase). Runs first among the beforeChange hooks: the invoice
 * hook after it acts only on a step allowed here, against the row lockPurchaseRows has locked.
 */
export const guardPurchaseStatus: CollectionBeforeChangeHook<Purchase> = ({ data, originalDoc, operation, req }) => {
  const now = new Date().toISOString()
  if (operation === 'create') {
    const free = data.total === 0
    if (data.status === 'paid' && free) return { ...data, paid_at: now }
    if ((data.status ?? 'pending_payment') !== 'pending_payment') throw new PurchaseStatusRefused('A purchase is placed awaiting payment.')
    return data
  }
  if (!originalDoc) return data
  const from = originalDoc.status
  const to = data.status ?? from
  if (to === from) return data
  if (!isPurchaseStatus(from) || !isPurchaseStatus(to)) throw new PurchaseStatusRefused('Unknown purchase status.')
  const actor = actorOf(req)
  if (!canChangePurchaseStatus(from, to, actor)) {
    const locale = req.i18n?.language === 'en' ? 'en' : 'de'
    const allowed = nextPurchaseStatuses(from, 'seller').map((status) => `„${PURCHASE_STATUS_LABELS[status][locale]}“`)
    throw new PurchaseStatusRefused(
      locale === 'en'
        ? `A purchase cannot go from “${PURCHASE_STATUS_LABELS[from].en}” to “${PURCHASE_STATUS_LABELS[to].en}”. ${allowed.length ? `Possible: ${allowed.join(', ')}.` : 'Its status is final.'}`
        : `Ein Kauf kann nicht von „${PURCHASE_STATUS_LABELS[from].de}“ zu „${PURCHASE_STATUS_LABELS[to].de}“ wechseln. ${allowed.length ? `Möglich: ${allowed.join(', ')}.` : 'Sein Status ist endgültig.'}`,
    )
  }
  return {
    ...data,
    ...(to === 'paid' && !originalDoc.paid_at ? { paid_at: now } : {}),
    ...(to === 'refunded' ? { refunded_at: now } : {}),
  }
}
