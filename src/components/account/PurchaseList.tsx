import { IntentLink } from '@/components/navigation/IntentLink'
import { fillTemplate } from '@/i18n/fill-template'
import { formatDate } from '@/i18n/format-date'
import { formatPrice } from '@/i18n/format-price'
import type { Locale } from '@/i18n/locales'
import type { Messages } from '@/i18n/messages/de'
import type { PurchaseAsListed } from '@/purchases/purchase-request'
import { PURCHASE_STATUS_LABELS } from '@/purchases/status'
import styles from './OrderList.module.css'

/**
 * The customer's purchases of albums, tracks and tips (issue 33), beside the orders on the account
 * page: one short card each with its status, what it holds and its total, and the way to its page.
 * Rendered on the server, no script.
 */
export function PurchaseList({ purchases, messages, locale }: { purchases: PurchaseAsListed[]; messages: Messages; locale: Locale }) {
  const labels = messages.catalogPurchase
  return (
    <ul className={styles.list} role="list">
      {purchases.map((purchase) => {
        const titleId = `purchase-${purchase.id}`
        return (
          <li key={purchase.id}>
            <article className={`card ${styles.card}`} aria-labelledby={titleId}>
              <header className={styles.cardHeader}>
                <h3 id={titleId}>{purchase.lines.map((line) => line.title).join(', ')}</h3>
                <span className="badge">
                  <span className="visually-hidden">{messages.account.status}: </span>
                  {PURCHASE_STATUS_LABELS[purchase.status][locale]}
                </span>
              </header>
              <p className="muted">
                {fillTemplate(labels.listItem, { id: purchase.id })} · {fillTemplate(labels.placedOn, { date: formatDate(purchase.created_at, locale) })} ·{' '}
                {formatPrice(purchase.total, locale)}
              </p>
              <div className={styles.actions}>
                <IntentLink className="button secondary" href={`/account/purchases/${purchase.id}`}>
                  {purchase.status === 'pending_payment' ? messages.account.howToPay : labels.details}
                  <span className="visually-hidden"> {fillTemplate(labels.detailsOf, { id: purchase.id })}</span>
                </IntentLink>
              </div>
            </article>
          </li>
        )
      })}
    </ul>
  )
}
