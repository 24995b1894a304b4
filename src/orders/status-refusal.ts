import type { PayloadRequest } from 'payload'
import { de } from '../i18n/messages/de'
import { en } from '../i18n/messages/en'
import type { OrderStatus } from './status'

/** The storefront's status labels, which the seller's admin messages use too. */
const STATUS_LABELS: Record<'de' | 'en', Record<OrderStatus, string>> = { de: de.account.statuses, en: en.account.statuses }

/** Why a status step is refused, in the seller's interface language (also the status endpoint's `detail`). */
export function statusRefusalMessage(req: PayloadRequest, from: OrderStatus, to: OrderStatus): string {
  const language = req.i18n?.language === 'en' ? 'en' : 'de'
  const labels = STATUS_LABELS[language]
  return language === 'de'
    ? `Der Status kann nicht von „${labels[from]}“ zu „${labels[to]}“ wechseln.`
    : `The status cannot change from “${labels[from]}” to “${labels[to]}”.`
}
