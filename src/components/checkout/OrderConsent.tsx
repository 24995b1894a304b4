'use client'

import Link from 'next/link'
import { type ComponentProps, Fragment, useId } from 'react'
import type { FieldErrors, UseFormRegister, UseFormRegisterReturn } from 'react-hook-form'
import styles from '@/components/forms/Form.module.css'
import { type Billing, type Consents } from '@/checkout/send-orders'
import { PAYMENT_METHODS, type PaymentMethod, paymentMethodLabel, paysOnline } from '@/rules/choices'
import type { Locale } from '@/i18n/locales'
import { ORDER_LIMITS } from '@/rules/limits'
import type { Messages } from '@/i18n/messages/de'
import { CONSENT_WORDING_VERSION, type ConsentSegment, consentWording } from '@/orders/consent'
import { PURCHASE_CONSENT_VERSION, purchaseConsentWording } from '@/purchases/consent'
import { DEFAULT_BILLING_COUNTRY } from '@/rules/billing-countries'
import checkout from './Checkout.module.css'

export type CheckoutLabels = Messages['checkout']
export type ConsentLabels = Messages['consent']
export type PurchaseLabels = Messages['catalogPurchase']

/** What the checkout adds for albums and tracks (issue 33): their consent box and the billing country. */
export type DownloadsConsent = { labels: PurchaseLabels; countries: { code: string; name: string }[] }

/** What a customer chooses and agrees to before the order button, in checkout and in the direct order form. */
export type OrderConsentValues = {
  paymentMethod: PaymentMethod | ''
  termsAccepted: boolean
  earlyStartConsent: boolean
  billingName: string
  billingAddress: string
  /** Albums and tracks only: § 356(5) BGB for digital content (src/purchases/consent.ts). */
  digitalContentConsent: boolean
  /** Albums and tracks only: ISO 3166-1 alpha-2, the purchase's first evidence of the buyer's country. */
  billingCountry: string
}

/** Nothing chosen or agreed yet; the invoice details prefilled from the customer's last order. */
export const consentDefaults = (billing: Billing): OrderConsentValues => ({
  paymentMethod: '',
  termsAccepted: false,
  earlyStartConsent: false,
  billingName: billing.name,
  billingAddress: billing.address,
  digitalContentConsent: false,
  billingCountry: DEFAULT_BILLING_COUNTRY,
})

export const billingOf = ({ billingName, billingAddress }: OrderConsentValues): Billing => ({ name: billingName, address: billingAddress })

/** What the customer ticked, as POST /api/orders/ takes it. */
export const consentsOf = ({ termsAccepted, earlyStartConsent }: OrderConsentValues): Consents => ({
  terms_accepted: termsAccepted,
  early_start_consent: earlyStartConsent,
})

/**
 * Payment method (spec section 9: PayPal, credit card, prepayment), the invoice details and two
 * unticked checkboxes, both required: the terms (with links to the terms and the withdrawal
 * information) and the consent to the early start of the work, which ends the right of withdrawal
 * once the work begins (§ 356 (5) BGB). Their words come from src/orders/consent.ts, the wording
 * every order records. Then the caller's order button.
 *
 * With albums or tracks (`downloads`, issue 33) it adds the billing country and the download
 * consent of src/purchases/consent.ts (their terms box is word for word the orders', so one terms
 * box serves both); without a custom song (`commission` false) the early-start box is left out.
 */
export function OrderConsent({
  register,
  errors,
  labels,
  consentLabels,
  onlinePayment,
  billingOpen,
  locale,
  commission = true,
  downloads,
}: {
  register: UseFormRegister<OrderConsentValues>
  errors: FieldErrors<OrderConsentValues>
  labels: CheckoutLabels
  consentLabels: ConsentLabels
  /** Card and PayPal go through Stripe; without it they are shown, but cannot be chosen. */
  onlinePayment: boolean
  /** Open the invoice details when the customer gave them before. */
  billingOpen: boolean
  locale: Locale
  /** The cart holds a custom song: the early start of the work needs its consent. */
  commission?: boolean
  /** The cart holds albums or tracks. */
  downloads?: DownloadsConsent
}) {
  const wording = consentWording(CONSENT_WORDING_VERSION, locale)
  const downloadWording = purchaseConsentWording(PURCHASE_CONSENT_VERSION, locale)
  return (
    <>
      <PaymentMethodFieldset
        registration={register('paymentMethod', { required: labels.paymentRequired })}
        error={Boolean(errors.paymentMethod)}
        labels={labels}
        onlinePayment={onlinePayment}
        prepaymentHint={commission ? labels.prepaymentHint : downloads?.labels.prepaymentHint}
        locale={locale}
      />

      {downloads && (
        <label className={styles.field}>
          <span>{downloads.labels.country}</span>
          <select autoComplete="country" {...register('billingCountry', { required: true })}>
            {downloads.countries.map(({ code, name }) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
          <span className="muted">{downloads.labels.countryHint}</span>
        </label>
      )}

      <details className={checkout.billing} open={Boolean(billingOpen) || undefined}>
        <summary>{labels.billingTitle}</summary>
        <p className="muted">{labels.billingIntro}</p>
        <label className={styles.field}>
          <span>{labels.billingName}</span>
          <input type="text" autoComplete="name" maxLength={ORDER_LIMITS.billingName} {...register('billingName', { maxLength: ORDER_LIMITS.billingName })} />
        </label>
        <label className={styles.field}>
          <span>{labels.billingAddress}</span>
          <textarea
            rows={3}
            autoComplete="street-address"
            maxLength={ORDER_LIMITS.billingAddress}
            {...register('billingAddress', { maxLength: ORDER_LIMITS.billingAddress })}
          />
        </label>
      </details>

      <div className={checkout.consent}>
        <ConsentCheckbox
          segments={wording.terms}
          locale={locale}
          message={consentLabels.termsRequired}
          error={Boolean(errors.termsAccepted)}
          {...register('termsAccepted', { required: consentLabels.termsRequired })}
        />
        {commission && (
          <ConsentCheckbox
            segments={wording.earlyStart}
            locale={locale}
            message={consentLabels.earlyStartRequired}
            error={Boolean(errors.earlyStartConsent)}
            {...register('earlyStartConsent', { required: consentLabels.earlyStartRequired })}
          />
        )}
        {downloads && (
          <ConsentCheckbox
            segments={downloadWording.digitalContent}
            locale={locale}
            message={downloads.labels.digitalContentRequired}
            error={Boolean(errors.digitalContentConsent)}
            {...register('digitalContentConsent', { required: downloads.labels.digitalContentRequired })}
          />
        )}
      </div>
    </>
  )
}

/** Payment method (spec section 9): PayPal, credit card, prepayment; card and PayPal only while Stripe is configured. */
export function PaymentMethodFieldset({
  registration,
  error,
  labels,
  onlinePayment,
  prepaymentHint,
  locale,
}: {
  registration: UseFormRegisterReturn
  error: boolean
  labels: CheckoutLabels
  onlinePayment: boolean
  prepaymentHint?: string
  locale: Locale
}) {
  return (
    <fieldset className={checkout.payment}>
      <legend>{labels.paymentTitle}</legend>
      {PAYMENT_METHODS.map((method) => (
        <label key={method} className={checkout.choice}>
          <input type="radio" value={method} disabled={paysOnline(method) && !onlinePayment} {...registration} />
          <span>{paymentMethodLabel(method, locale)}</span>
        </label>
      ))}
      <p className="muted">{onlinePayment ? labels.onlineHint : labels.onlineUnavailable}</p>
      {prepaymentHint && <p className="muted">{prepaymentHint}</p>}
      {error && (
        <p className={styles.fieldError} role="alert">
          {labels.paymentRequired}
        </p>
      )}
    </fieldset>
  )
}

const LEGAL_PAGES: Record<Locale, Record<'terms' | 'withdrawal', string>> = {
  de: { terms: '/agb', withdrawal: '/widerruf' },
  en: { terms: '/en/terms', withdrawal: '/en/withdrawal' },
}

/** One unticked consent checkbox with its recorded words (links open the legal page in a new tab) and, when left unticked, why it is needed. */
export function ConsentCheckbox({
  segments,
  locale,
  message,
  error,
  ...input
}: { segments: readonly ConsentSegment[]; locale: Locale; message: string; error: boolean } & ComponentProps<'input'>) {
  const messageId = useId()
  return (
    <>
      <label className={checkout.choice}>
        <input type="checkbox" {...input} aria-invalid={error || undefined} aria-describedby={error ? messageId : undefined} />
        <span>
          {segments.map((segment, index) =>
            typeof segment === 'string' ? (
              <Fragment key={index}>{segment}</Fragment>
            ) : (
              <Link key={index} prefetch={false} href={LEGAL_PAGES[locale][segment.link]} target="_blank">
                {segment.text}
              </Link>
            ),
          )}
        </span>
      </label>
      {error && (
        <p id={messageId} className={styles.fieldError} role="alert">
          {message}
        </p>
      )}
    </>
  )
}
