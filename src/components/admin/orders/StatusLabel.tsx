import { type AdminI18n, valueLabel } from '../admin-i18n'

/** An order's status as a coloured label (colours in src/app/(payload)/custom.css). */
export function StatusLabel({ status, i18n }: { status: string; i18n: Pick<AdminI18n, 'translations'> }) {
  const label = valueLabel(i18n, 'statuses', status)
  return <span className={`shop-status shop-status--${status}`}>{label}</span>
}
