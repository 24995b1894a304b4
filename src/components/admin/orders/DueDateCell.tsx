import type { DefaultServerCellComponentProps } from 'payload'
import { formatDate } from '@/i18n/format-date'
import { isOverdue } from '@/orders/due-date'
import { adminLocale, adminTexts } from '../texts'

/** A due date, red with the word "overdue" while the song is late and the order still in work. */
export function DueDate({ dueAt, status, language }: { dueAt: string | null | undefined; status: string; language: string | undefined }) {
  if (!dueAt) return null
  const formatted = formatDate(dueAt, adminLocale(language))
  if (!isOverdue(dueAt, status)) return <span>{formatted}</span>
  return (
    <span className="shop-overdue">
      {formatted} ({adminTexts(language).overdue})
    </span>
  )
}

/** Orders list: the due date column. */
export function DueDateCell({ cellData, rowData, i18n }: DefaultServerCellComponentProps) {
  return <DueDate dueAt={typeof cellData === 'string' ? cellData : null} status={String(rowData.status)} language={i18n.language} />
}
