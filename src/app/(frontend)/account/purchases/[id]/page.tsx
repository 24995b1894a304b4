import { MY_MUSIC_ROUTE } from '@/site/routes'
import type { Metadata } from 'next'
import Link from 'next/link'
import { siteSettings } from '@/catalog/settings'
import { LazyTipForm } from '@/components/purchases/LazyTipForm'
import formStyles from '@/components/forms/Form.module.css'
import { BankTransferDetails } from '@/components/orders/BankTransferDetails'
import styles from '@/components/orders/OrderPage.module.css'
import { PayOnlineButton } from '@/components/orders/PayOnlineButton'
import { PurchaseSummary } from '@/components/purchases/PurchaseSummary'
import { parseDocumentId } from '@/http/document-id'
import { formatDate } from '@/i18n/format-date'
import { requestTranslation } from '@/i18n/request-locale'
import { messagesFor } from '@/i18n/translator'
import { stripeSettings } from '@/payments/stripe-client'
import { PURCHASE_STATUS_LABELS } from '@/purchases/status'
import { paymentMethodLabel } from '@/rules/choices'
import { purchasePayPath } from '@/buying/send-purchase'
import { ownRecordForPage } from '@/auth/own-record-page'
import { payloadClient } from '@/site/payload'

import { purchaseView } from '../purchase-view'

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ placed?: string; paid?: string }> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { t } = await requestTranslation()
  const purchaseId = parseDocumentId((await params).id)
  return { title: purchaseId === null ? t('account.title') : t('catalogPurchase.title', { id: purchaseId }), robots: { index: false } }
}

/**
 * One purchase of albums, tracks or a tip (issue 33) on a page of its own, the buyer's (or any for
 * the seller): its status in words with what happens next, the lines and the total with VAT, the
 * way to pay while it is unpaid (Stripe's page, or the bank details with the GiroCode), and once
 * paid the invoice, the way to "My music" and, after a name-your-price album or track, a tip.
 */
export default async function PurchasePage({ params, searchParams }: Props) {
  const payload = await payloadClient()
  const [{ locale, t }, settings, query] = await Promise.all([requestTranslation(), siteSettings(payload), searchParams])
  const {
    record: { purchase, transfer, tipTarget, billing },
  } = await ownRecordForPage(payload, params, (viewer, id) => purchaseView(payload, viewer, id, settings))

  const messages = messagesFor(locale)
  const labels = messages.catalogPurchase
  const onlyTips = purchase.lines.every((line) => line.kind === 'tip')
  const method = paymentMethodLabel(purchase.payment_method, locale)
  const nextText =
    purchase.status === 'paid'
      ? onlyTips
        ? labels.next.paidTip
        : labels.next.paid
      : purchase.status === 'pending_payment'
        ? purchase.next === 'pay_online'
          ? labels.next.pay_online
          : labels.next.bank_transfer
        : labels.next[purchase.status]

  return (
    <div className={styles.page}>
      <p>
        <Link href="/account">← {labels.back}</Link>
      </p>
      {query.placed === '1' && (
        <p className={formStyles.success} role="status">
          {labels.placed}
        </p>
      )}
      <header className={styles.header}>
        <h1>{t('catalogPurchase.title', { id: purchase.id })}</h1>
        <span className="badge">
          <span className="visually-hidden">{messages.account.status}: </span>
          {PURCHASE_STATUS_LABELS[purchase.status][locale]}
        </span>
      </header>
      <p className="muted">{t('catalogPurchase.placedOn', { date: formatDate(purchase.created_at, locale) })}</p>

      <section aria-labelledby="purchase-next-title">
        <h2 id="purchase-next-title">{labels.nextTitle}</h2>
        <p>{nextText}</p>
        {purchase.status === 'paid' && !onlyTips && (
          <div className={styles.actions}>
            <Link className="button" href={MY_MUSIC_ROUTE} prefetch={false}>
              {labels.myMusic}
            </Link>
          </div>
        )}
      </section>

      {query.paid === '1' && purchase.status === 'pending_payment' && (
        // Back from Stripe's page: the payment counts once Stripe's webhook confirms it, usually within seconds.
        <p className={formStyles.success} role="status">
          {messages.orderPage.paymentPending}
        </p>
      )}
      {purchase.status === 'pending_payment' && purchase.next === 'pay_online' && (
        <section className="card" aria-labelledby="pay-online-title">
          <h2 id="pay-online-title">{messages.orderPage.payTitle}</h2>
          {stripeSettings() ? (
            <>
              <p className="muted">{t('orderPage.payIntro', { method })}</p>
              <div className={styles.actions}>
                <PayOnlineButton payPath={purchasePayPath(purchase.id)} label={labels.payButton} failed={messages.orderPage.payFailed} />
              </div>
            </>
          ) : (
            <p role="status">{messages.checkout.onlineUnavailable}</p>
          )}
        </section>
      )}
      {purchase.status === 'pending_payment' && purchase.next === 'bank_transfer' ? (
        transfer ? (
          <BankTransferDetails
            orderId={purchase.id}
            transfer={transfer}
            girocodeUrl={`/api/purchases/${purchase.id}/girocode.svg`}
            labels={messages.orderPage}
            locale={locale}
          />
        ) : (
          <p role="status">{messages.orderPage.bankMissing}</p>
        )
      ) : null}

      <section className="card" aria-labelledby="purchase-summary-title">
        <h2 id="purchase-summary-title">{labels.linesTitle}</h2>
        <dl className={styles.details}>
          <div>
            <dt>{messages.orderPage.paymentMethod}</dt>
            <dd>{method}</dd>
          </div>
        </dl>
        <PurchaseSummary purchase={purchase} messages={messages} locale={locale} />
        {purchase.invoice_pdf && (
          <div className={styles.actions}>
            <a className="button secondary" href={purchase.invoice_pdf} target="_blank" rel="noopener noreferrer">
              {messages.account.invoice}
            </a>
          </div>
        )}
      </section>

      {tipTarget && (
        <LazyTipForm
          target={tipTarget}
          intro={labels.tipIntroPurchase}
          labels={labels}
          checkoutLabels={messages.checkout}
          consentLabels={messages.consent}
          onlinePayment={stripeSettings() !== null}
          billing={billing}
          locale={locale}
        />
      )}
    </div>
  )
}
