import type { ServerFieldBase } from 'payload'
import { formatDateTime } from '@/i18n/format-date'
import { adminLocale, adminTexts } from '../texts'

type HistoryRow = { id?: string; at: string; actor: string; from: string; to: string }

/** Beside the status buttons: every status change, oldest first, with who made it. */
export function StatusHistoryField({ data, i18n }: ServerFieldBase) {
  const texts = adminTexts(i18n.language)
  const rows = (data?.status_history ?? []) as HistoryRow[]
  const label = (status: string) => (texts.statuses as Record<string, string>)[status] ?? status
  return (
    <div className="shop-history field-type">
      <span className="shop-read-only__label">{texts.history}</span>
      {rows.length === 0 ? (
        <p className="shop-hint">{texts.noHistory}</p>
      ) : (
        <ol className="shop-history__list">
          {rows.map((row, index) => (
            <li key={row.id ?? index}>
              <time dateTime={row.at}>{formatDateTime(row.at, adminLocale(i18n.language))}</time>
              <br />
              {label(row.from)} → {label(row.to)} ({texts.actors[row.actor] ?? row.actor})
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}
