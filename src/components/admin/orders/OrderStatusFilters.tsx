import type { BeforeListTableServerProps } from 'payload'
import { OPEN_STATUSES, ORDER_STATUSES } from '@/orders/status'
import { adminT } from '../admin-i18n'
import { ordersWith } from './list-links'

/** Above the orders list: one click to the open orders or to those of one status, without Payload's filter builder. */
export function OrderStatusFilters({ i18n }: BeforeListTableServerProps) {
  const t = adminT(i18n)
  return (
    <nav className="shop-status-filters" aria-label={t('shop:filters:label')}>
      <a href={ordersWith(OPEN_STATUSES)}>{t('shop:filters:open')}</a>
      {ORDER_STATUSES.map((status) => (
        <a key={status} href={ordersWith([status])} className={`shop-status shop-status--${status}`}>
          {t(`shop:statuses:${status}`)}
        </a>
      ))}
      <a href="/admin/collections/orders?sort=due_at">{t('shop:filters:all')}</a>
    </nav>
  )
}
