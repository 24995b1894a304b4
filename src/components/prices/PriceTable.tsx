import { formatPrice } from '@/i18n/format-price'
import type { Locale } from '@/i18n/locales'
import styles from './PriceTable.module.css'

export type PriceLine = { label: string; amount: number }

/**
 * Price lines, digital shipping at 0,00 € and the total with its VAT note (spec section 9), as
 * the review, the cart and the checkout show them right before the next step.
 */
export function PriceTable({
  lines,
  shippingLabel,
  totalLabel,
  total,
  vatNote,
  locale,
}: {
  lines: PriceLine[]
  shippingLabel: string
  totalLabel: string
  total: number
  /** "inkl. MwSt.", with the amount at checkout, or the small-business note. */
  vatNote: string
  locale: Locale
}) {
  return (
    <table className={styles.table}>
      <tbody>
        {lines.map((line) => (
          <tr key={line.label}>
            <th scope="row">{line.label}</th>
            <td>{formatPrice(line.amount, locale)}</td>
          </tr>
        ))}
        <tr>
          <th scope="row">{shippingLabel}</th>
          <td>{formatPrice(0, locale)}</td>
        </tr>
        <tr className={styles.total}>
          <th scope="row">
            {totalLabel} <span className={styles.vat}>{vatNote}</span>
          </th>
          <td>{formatPrice(total, locale)}</td>
        </tr>
      </tbody>
    </table>
  )
}
