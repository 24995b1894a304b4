import type { DefaultServerCellComponentProps } from 'payload'
import { formatDate } from '@/i18n/format-date'
import { isOverdue } from '@/orders/due-date'
import { type AdminI18n, adminLocale, adminT } from '../admin-i18n'

/** A due date, red with the word "overdue" while the song is late and the order still in work. */
export function DueDate({ dueAt, status, i18n }: { dueAt: string | null | undefined; status: string; i18n: AdminI18n }) {
  if (!dueAt) return null
  const formatted = formatDate(dueAt, adminLocale(i18n.language))
  if (!isOverdue(dueAt, status)) return <span>{formatted}</span>
  return (
    <span className="shop-overdue">
      {formatted} ({adminT(i18n)('shop:overdue')})
    </span>
  )
}

/** Orders list: the due date column. */
export function DueDateCell({ cellData, rowData, i18n }: DefaultServerCellComponentProps) {
  return <DueDate dueAt={typeof cellData === 'string' ? cellData : null} status={String(rowData.status)} i18n={i18n} />
}
