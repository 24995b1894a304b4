'use client'

import { IntentLink } from '@/components/navigation/IntentLink'
import { useEffect, useState } from 'react'
import type { ChoiceNames } from '@/catalog/wizard-choices'
import { fillTemplate } from '@/i18n/fill-template'
import { formatDate } from '@/i18n/format-date'
import { formatPrice } from '@/i18n/format-price'
import type { Locale } from '@/i18n/locales'
import type { Messages } from '@/i18n/messages/de'
import type { OwnOrder } from '@/payments/my-orders'
import { packageLabel, themeLabel } from '@/rules/choices'
import { BankTransferDetails } from '@/components/orders/BankTransferDetails'
import { ConfirmOrderButton } from '@/components/orders/ConfirmOrderButton'
import { OrderUploads } from '@/components/orders/OrderUploads'
import styles from './OrderList.module.css'

export type AccountLabels = Messages['account']

/**
 * The customer's orders, one card each (spec section 2): rendered on the server (the account page
 * reads them as GET /api/orders/my/ does), so the page does not jump when they arrive, which cost
 * it its layout-stability score on a phone (issue 29).
 */
export function OrderList({
  orders: ordersRead,
  labels,
  paymentLabels,
  names,
  locale,
}: {
  orders: OwnOrder[]
  labels: AccountLabels
  /** The bank details of an unpaid prepayment, worded as on the order page. */
  paymentLabels: Messages['orderPage']
  names: ChoiceNames
  locale: Locale
}) {
  const [orders, setOrders] = useState(ordersRead)
  // A new render of the page (router.refresh) brings the orders as they are now.
  useEffect(() => setOrders(ordersRead), [ordersRead])

  const markConfirmed = (id: number) =>
    setOrders((current) => current.map((order) => (order.id === id ? { ...order, confirmed_by_user: true, status: 'completed' } : order)))

  if (orders.length === 0) {
    return (
      <div className={styles.empty}>
        <p>{labels.empty}</p>
        <IntentLink className="button" href="/custom-songs">
          {labels.startOrder}
        </IntentLink>
      </div>
    )
  }
  return (
    <ul className={styles.list} role="list">
      {orders.map((order) => (
        <li key={order.id}>
          <OrderCard order={order} labels={labels} paymentLabels={paymentLabels} names={names} locale={locale} onConfirmed={() => markConfirmed(order.id)} />
        </li>
      ))}
    </ul>
  )
}

function OrderCard({
  order,
  labels,
  paymentLabels,
  names,
  locale,
  onConfirmed,
}: {
  order: OwnOrder
  labels: AccountLabels
  paymentLabels: Messages['orderPage']
  names: ChoiceNames
  locale: Locale
  onConfirmed: () => void
}) {
  const titleId = `order-${order.id}`
  const themeName = themeLabel({ theme: order.theme, customTheme: order.custom_theme }, names.themes)
  const statusLabel = labels.statuses[order.status as keyof AccountLabels['statuses']] ?? order.status
  const statusNext = labels.statusNext[order.status as keyof AccountLabels['statusNext']]

  return (
    <article className={`card ${styles.card}`} aria-labelledby={titleId}>
      <header className={styles.cardHeader}>
        <h3 id={titleId}>{packageLabel(order, names.packages)}</h3>
        <span className="badge">
          <span className="visually-hidden">{labels.status}: </span>
          {statusLabel}
        </span>
      </header>
      <p className="muted">
        {fillTemplate(labels.order, { id: order.id })} · {fillTemplate(labels.orderedOn, { date: formatDate(order.created_at, locale) })}
      </p>
      {statusNext && <p>{statusNext}</p>}
      <dl className={styles.details}>
        {order.use_type && (
          <>
            <dt>{labels.useType}</dt>
            <dd>{names.useTypes[order.use_type] ?? order.use_type}</dd>
          </>
        )}
        <dt>{labels.theme}</dt>
        <dd>{themeName}</dd>
        {order.personal_note && (
          <>
            <dt>{labels.note}</dt>
            <dd className={styles.note}>{order.personal_note}</dd>
          </>
        )}
        {order.spotify_option && (
          <>
            <dt>{labels.streaming}</dt>
            <dd>✓</dd>
          </>
        )}
        <dt>{labels.total}</dt>
        <dd>{order.total === null ? '–' : formatPrice(order.total, locale)}</dd>
      </dl>
      {order.bank_transfer && <BankTransferDetails orderId={order.id} transfer={order.bank_transfer} labels={paymentLabels} locale={locale} nested />}
      {order.uploads.length > 0 && <OrderUploads uploads={order.uploads} labels={labels} />}
      <div className={styles.actions}>
        {order.confirmed_by_user ? (
          <p className={styles.finished}>{labels.finished}</p>
        ) : order.status === 'delivered' ? (
          <ConfirmOrderButton orderId={order.id} label={labels.happy} onConfirmed={onConfirmed} />
        ) : null}
        <IntentLink className="button secondary" href={`/account/orders/${order.id}`}>
          {order.status === 'pending_payment' ? labels.howToPay : labels.details}
          <span className="visually-hidden"> {fillTemplate(labels.detailsOf, { id: order.id })}</span>
        </IntentLink>
        {order.invoice_pdf && (
          <a className="button secondary" href={order.invoice_pdf} target="_blank" rel="noopener noreferrer">
            {labels.invoice}
          </a>
        )}
      </div>
    </article>
  )
}
