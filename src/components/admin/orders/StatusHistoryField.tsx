import type { ServerFieldBase } from 'payload'
import { formatDateTime } from '@/i18n/format-date'
import { adminLocale, adminT, valueLabel } from '../admin-i18n'

type HistoryRow = { id?: string; at: string; actor: string; from: string; to: string }

/** Beside the status buttons: every status change, oldest first, with who made it. */
export function StatusHistoryField({ data, i18n }: ServerFieldBase) {
  const t = adminT(i18n)
  const rows = (data?.status_history ?? []) as HistoryRow[]
  const label = (status: string) => valueLabel(i18n, 'statuses', status)
  return (
    <div className="shop-history field-type">
      <span className="shop-read-only__label">{t('shop:history')}</span>
      {rows.length === 0 ? (
        <p className="shop-hint">{t('shop:noHistory')}</p>
      ) : (
        <ol className="shop-history__list">
          {rows.map((row, index) => (
            <li key={row.id ?? index}>
              <time dateTime={row.at}>{formatDateTime(row.at, adminLocale(i18n.language))}</time>
              <br />
              {label(row.from)} → {label(row.to)} ({valueLabel(i18n, 'actors', row.actor)})
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}
