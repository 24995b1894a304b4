import type { Metadata } from 'next'
import Link from 'next/link'
import { siteSettings } from '@/catalog/settings'
import { choiceNames } from '@/catalog/wizard-choices'
import { AfterDelivery } from '@/components/orders/AfterDelivery'
import { BankTransferDetails } from '@/components/orders/BankTransferDetails'
import { ConfirmOrderButton } from '@/components/orders/ConfirmOrderButton'
import { OrderUploads } from '@/components/orders/OrderUploads'
import { PayOnlineButton } from '@/components/orders/PayOnlineButton'
import formStyles from '@/components/forms/Form.module.css'
import styles from '@/components/orders/OrderPage.module.css'
import { PriceTable } from '@/components/prices/PriceTable'
import { parseDocumentId } from '@/http/document-id'
import { formatDate } from '@/i18n/format-date'
import { formatPrice } from '@/i18n/format-price'
import { isLocale } from '@/i18n/locales'
import { quote } from '@/i18n/quote'
import { requestTranslation } from '@/i18n/request-locale'
import { messagesFor } from '@/i18n/translator'
import { consentTexts, isConsentWordingVersion } from '@/orders/consent'
import { deliveredSongs } from '@/orders/delivered-songs'
import { serializeOrder } from '@/orders/serialize'
import { isOrderStatus, SONG_IN_HAND_STATUSES } from '@/orders/status'
import { lastBilling } from '@/orders/last-billing'
import { LazyTipForm } from '@/components/purchases/LazyTipForm'
import { DEFAULT_BILLING_COUNTRY } from '@/rules/billing-countries'
import { idOf } from '@/site/relation-id'
import { findViewableOrder } from '@/orders/viewable-order'
import { packageLabel, paymentMethodLabel, paysOnline, themeLabel } from '@/rules/choices'
import { bankTransferFor } from '@/payments/bank-transfer'
import { stripeSettings } from '@/payments/stripe-client'
import { orderPayPath } from '@/checkout/send-orders'
import { ownRecordForPage } from '@/auth/own-record-page'
import { payloadClient } from '@/site/payload'
import { WITHDRAWAL_FORM_ROUTES } from '@/site/routes'

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ placed?: string; paid?: string }> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { t } = await requestTranslation()
  const orderId = parseDocumentId((await params).id)
  return { title: orderId === null ? t('account.title') : t('orderPage.title', { id: orderId }), robots: { index: false } }
}

/**
 * One order on a page of its own (the owner's, or any for the seller): what was ordered, the total
 * with VAT, its status with what happens next and, while a prepayment is unpaid, how to pay it.
 */
export default async function OrderPage({ params, searchParams }: Props) {
  const payload = await payloadClient()
  const [{ locale, t }, { user, record: order }] = await Promise.all([
    requestTranslation(),
    ownRecordForPage(payload, params, (viewer, id) => findViewableOrder(payload, viewer, id)),
  ])

  // Issue 33: the buyer of a delivered song may add a tip (the seller viewing the order may not).
  const tipOffered = isOrderStatus(order.status) && SONG_IN_HAND_STATUSES.includes(order.status) && idOf(order.customer) === user.id
  const [names, settings, query, billing] = await Promise.all([
    choiceNames(payload, locale),
    siteSettings(payload),
    searchParams,
    tipOffered ? lastBilling(payload, user) : null,
  ])
  const messages = messagesFor(locale)
  const labels = messages.orderPage
  const status = isOrderStatus(order.status) ? order.status : null
  const transfer = bankTransferFor(order, settings)
  const { uploads, invoice_pdf: invoicePdf, cancellation_invoice_pdf: cancellationPdf } = serializeOrder(order)
  // The delivered song has a section of its own (versions, downloads, revisions, gifts); the customer's recordings keep this list.
  const delivered = deliveredSongs(order).length > 0
  const listedUploads = delivered ? uploads.filter((upload) => upload.kind === 'recording') : uploads
  // The "happy" button belongs under the delivered song; confirming is possible once, for a delivered order.
  const confirmation = (
    <div className={styles.actions}>
      {order.confirmed_by_user ? (
        <p className={styles.finished}>{messages.account.finished}</p>
      ) : order.status === 'delivered' ? (
        <ConfirmOrderButton orderId={order.id} label={messages.account.happy} />
      ) : null}
    </div>
  )
  const themeName = themeLabel({ theme: order.theme, customTheme: order.custom_theme }, names.themes)
  const packageName = packageLabel(order, names.packages)
  const vatRate = order.vat_rate ?? 0
  const vatNote = vatRate > 0 ? t('checkout.vatIncluded', { rate: vatRate, amount: formatPrice(order.vat_amount ?? 0, locale) }) : t('checkout.smallBusiness')
  // What the customer agreed to before the order button, in the words and the language they saw.
  const consented =
    order.terms_accepted_at && order.early_start_consent_at && isConsentWordingVersion(order.consent_wording_version) && isLocale(order.locale)
      ? { at: order.early_start_consent_at, locale: order.locale, texts: consentTexts(order.consent_wording_version, order.locale) }
      : null
  const details: [string, string][] = [
    [messages.account.package, packageName],
    ...(order.use_type ? [[messages.account.useType, names.useTypes[order.use_type] ?? order.use_type] as [string, string]] : []),
    [messages.account.theme, themeName],
    ...(order.personal_note ? [[messages.account.note, order.personal_note] as [string, string]] : []),
    [labels.paymentMethod, paymentMethodLabel(order.payment_method, locale)],
  ]

  return (
    <div className={styles.page}>
      <p>
        <Link href="/account">← {labels.back}</Link>
      </p>
      {query.placed === '1' && (
        // Right after ordering (checkout or the review page's direct order form), spec section 8's success text.
        <p className={formStyles.success} role="status">
          {messages.order.success}
        </p>
      )}
      <header className={styles.header}>
        <h1>{t('orderPage.title', { id: order.id })}</h1>
        <span className="badge">
          <span className="visually-hidden">{messages.account.status}: </span>
          {status ? messages.account.statuses[status] : order.status}
        </span>
      </header>
      <p className="muted">{t('orderPage.orderedOn', { date: formatDate(order.createdAt, locale) })}</p>

      <section aria-labelledby="order-next-title">
        <h2 id="order-next-title">{labels.nextTitle}</h2>
        <p>{status ? messages.account.statusNext[status] : null}</p>
        {uploads.length === 0 && confirmation}
      </section>

      {delivered && <AfterDelivery payload={payload} viewer={user} order={order} locale={locale} messages={messages} confirmation={confirmation} />}

      {billing && (
        <LazyTipForm
          target={{ for_order: order.id }}
          intro={messages.catalogPurchase.tipIntroOrder}
          labels={messages.catalogPurchase}
          checkoutLabels={messages.checkout}
          consentLabels={messages.consent}
          onlinePayment={stripeSettings() !== null}
          billing={{ ...billing, country: DEFAULT_BILLING_COUNTRY }}
          locale={locale}
        />
      )}

      {listedUploads.length > 0 && (
        <section className="card" aria-labelledby="order-files-title">
          <h2 id="order-files-title">{labels.filesTitle}</h2>
          <OrderUploads uploads={listedUploads} labels={messages.account} />
          {!delivered && confirmation}
        </section>
      )}

      {query.paid === '1' && order.status === 'pending_payment' && (
        // Back from Stripe's page: the payment counts once Stripe's webhook confirms it, usually within seconds.
        <p className={formStyles.success} role="status">
          {labels.paymentPending}
        </p>
      )}
      {order.status === 'pending_payment' && paysOnline(order.payment_method) && (
        <section className="card" aria-labelledby="pay-online-title">
          <h2 id="pay-online-title">{labels.payTitle}</h2>
          {stripeSettings() ? (
            <>
              <p className="muted">{t('orderPage.payIntro', { method: paymentMethodLabel(order.payment_method, locale) })}</p>
              <div className={styles.actions}>
                <PayOnlineButton
                  payPath={orderPayPath(order.id)}
                  label={t('orderPage.payButton', { method: paymentMethodLabel(order.payment_method, locale) })}
                  failed={labels.payFailed}
                />
              </div>
            </>
          ) : (
            <p role="status">{messages.checkout.onlineUnavailable}</p>
          )}
        </section>
      )}
      {order.status === 'pending_payment' && !paysOnline(order.payment_method) ? (
        transfer ? (
          <BankTransferDetails orderId={order.id} transfer={transfer} labels={labels} locale={locale} />
        ) : (
          <p role="status">{labels.bankMissing}</p>
        )
      ) : null}

      <section className="card" aria-labelledby="order-summary-title">
        <h2 id="order-summary-title">{labels.summaryTitle}</h2>
        <dl className={styles.details}>
          {details.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <PriceTable
          lines={[
            { label: packageName, amount: order.package_price ?? 0 },
            ...(order.spotify_option ? [{ label: messages.account.streaming, amount: order.streaming_surcharge ?? 0 }] : []),
          ]}
          shippingLabel={messages.checkout.shipping}
          totalLabel={messages.checkout.total}
          total={order.total ?? 0}
          vatNote={vatNote}
          locale={locale}
        />
        {(invoicePdf || cancellationPdf) && (
          <div className={styles.actions}>
            {invoicePdf && (
              <a className="button secondary" href={invoicePdf} target="_blank" rel="noopener noreferrer">
                {messages.account.invoice}
              </a>
            )}
            {cancellationPdf && (
              <a className="button secondary" href={cancellationPdf} target="_blank" rel="noopener noreferrer">
                {messages.account.cancellationInvoice}
              </a>
            )}
          </div>
        )}
      </section>

      {consented && (
        <section aria-labelledby="order-consents-title">
          <h2 id="order-consents-title">{messages.consent.agreedTitle}</h2>
          <p className="muted">{t('consent.agreedOn', { date: formatDate(consented.at, locale) })}</p>
          <ul className={styles.consents}>
            <li lang={consented.locale}>{quote(consented.texts.terms, consented.locale)}</li>
            <li lang={consented.locale}>{quote(consented.texts.earlyStart, consented.locale)}</li>
          </ul>
        </section>
      )}

      <p>
        {/* The online withdrawal function (§ 356a BGB), with this order already chosen. */}
        <Link prefetch={false} href={`${WITHDRAWAL_FORM_ROUTES[locale]}?order=${order.id}`}>
          {t('withdrawalForm.link')}
        </Link>
      </p>
    </div>
  )
}
