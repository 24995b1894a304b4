import type { BeforeListTableServerProps } from 'payload'
import { OPEN_STATUSES } from '@/orders/due-date'
import { ORDER_STATUSES } from '@/orders/status'
import { adminTexts } from '../texts'
import { ordersWith } from './list-links'

/** Above the orders list: one click to the open orders or to those of one status, without Payload's filter builder. */
export function OrderStatusFilters({ i18n }: BeforeListTableServerProps) {
  const texts = adminTexts(i18n.language)
  return (
    <nav className="shop-status-filters" aria-label={texts.filters.label}>
      <a href={ordersWith(OPEN_STATUSES)}>{texts.filters.open}</a>
      {ORDER_STATUSES.map((status) => (
        <a key={status} href={ordersWith([status])} className={`shop-status shop-status--${status}`}>
          {texts.statuses[status]}
        </a>
      ))}
      <a href="/admin/collections/orders?sort=due_at">{texts.filters.all}</a>
    </nav>
  )
}
