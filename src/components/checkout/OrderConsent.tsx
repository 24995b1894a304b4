'use client'

import Link from 'next/link'
import { type ComponentProps, Fragment, useId } from 'react'
import type { FieldErrors, UseFormRegister } from 'react-hook-form'
import styles from '@/components/forms/Form.module.css'
import { type Billing, type Consents } from '@/checkout/send-orders'
import { PAYMENT_METHODS, type PaymentMethod, paymentMethodLabel, paysOnline } from '@/rules/choices'
import type { Locale } from '@/i18n/locales'
import { ORDER_LIMITS } from '@/rules/limits'
import type { Messages } from '@/i18n/messages/de'
import { CONSENT_WORDING_VERSION, type ConsentSegment, consentWording } from '@/orders/consent'
import checkout from './Checkout.module.css'

export type CheckoutLabels = Messages['checkout']
export type ConsentLabels = Messages['consent']

/** What a customer chooses and agrees to before the order button, in checkout and in the direct order form. */
export type OrderConsentValues = {
  paymentMethod: PaymentMethod | ''
  termsAccepted: boolean
  earlyStartConsent: boolean
  billingName: string
  billingAddress: string
}

/** Nothing chosen or agreed yet; the invoice details prefilled from the customer's last order. */
export const consentDefaults = (billing: Billing): OrderConsentValues => ({
  paymentMethod: '',
  termsAccepted: false,
  earlyStartConsent: false,
  billingName: billing.name,
  billingAddress: billing.address,
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
 */
export function OrderConsent({
  register,
  errors,
  labels,
  consentLabels,
  onlinePayment,
  billingOpen,
  locale,
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
}) {
  const wording = consentWording(CONSENT_WORDING_VERSION, locale)
  return (
    <>
      <fieldset className={checkout.payment}>
        <legend>{labels.paymentTitle}</legend>
        {PAYMENT_METHODS.map((method) => (
          <label key={method} className={checkout.choice}>
            <input
              type="radio"
              value={method}
              disabled={paysOnline(method) && !onlinePayment}
              {...register('paymentMethod', { required: labels.paymentRequired })}
            />
            <span>{paymentMethodLabel(method, locale)}</span>
          </label>
        ))}
        <p className="muted">{onlinePayment ? labels.onlineHint : labels.onlineUnavailable}</p>
        <p className="muted">{labels.prepaymentHint}</p>
        {errors.paymentMethod && (
          <p className={styles.fieldError} role="alert">
            {labels.paymentRequired}
          </p>
        )}
      </fieldset>

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
        <ConsentCheckbox
          segments={wording.earlyStart}
          locale={locale}
          message={consentLabels.earlyStartRequired}
          error={Boolean(errors.earlyStartConsent)}
          {...register('earlyStartConsent', { required: consentLabels.earlyStartRequired })}
        />
      </div>
    </>
  )
}

const LEGAL_PAGES: Record<Locale, Record<'terms' | 'withdrawal', string>> = {
  de: { terms: '/agb', withdrawal: '/widerruf' },
  en: { terms: '/en/terms', withdrawal: '/en/withdrawal' },
}

/** One unticked consent checkbox with its recorded words (links open the legal page in a new tab) and, when left unticked, why it is needed. */
function ConsentCheckbox({
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
