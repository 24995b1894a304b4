import { fillTemplate } from '@/i18n/fill-template'
import { formatPrice } from '@/i18n/format-price'
import type { Locale } from '@/i18n/locales'
import type { Messages } from '@/i18n/messages/de'
import type { BankTransfer } from '@/payments/bank-transfer'
import { toEuros } from '@/rules/pricing'
import styles from './OrderPage.module.css'

/** The seller's bank account, the amount and the reference of an unpaid prepayment order, with its GiroCode. */
export function BankTransferDetails({
  orderId,
  transfer,
  labels,
  locale,
  nested = false,
  girocodeUrl = `/api/orders/${orderId}/girocode.svg`,
}: {
  orderId: number
  transfer: BankTransfer
  labels: Messages['orderPage']
  locale: Locale
  /** Inside an order's card on the account page rather than a card of its own on the order page. */
  nested?: boolean
  /** Where the GiroCode is drawn: the order's, or a purchase's (issue 33). */
  girocodeUrl?: string
}) {
  const amount = formatPrice(toEuros(transfer.amountCents), locale)
  const titleId = `bank-transfer-${orderId}`
  const Heading = nested ? 'h4' : 'h2'
  const rows: [string, string][] = [
    [labels.accountHolder, transfer.accountHolder],
    [labels.iban, transfer.printedIban],
    ...(transfer.bic ? [[labels.bic, transfer.bic] as [string, string]] : []),
    ...(transfer.bankName ? [[labels.bank, transfer.bankName] as [string, string]] : []),
    [labels.amount, amount],
    [labels.reference, transfer.reference],
  ]
  return (
    <section className={nested ? styles.nestedSection : 'card'} aria-labelledby={titleId}>
      <Heading id={titleId}>{labels.bankTitle}</Heading>
      <p className="muted">{labels.bankIntro}</p>
      <div className={styles.bankBody}>
        <dl className={styles.details}>
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {/* A small private SVG made per order (not next/image): nothing for an image optimiser to do. */}
        <img
          className={styles.girocode}
          src={girocodeUrl}
          width={180}
          height={180}
          alt={fillTemplate(labels.girocodeAlt, { amount, reference: transfer.reference })}
        />
      </div>
    </section>
  )
}
