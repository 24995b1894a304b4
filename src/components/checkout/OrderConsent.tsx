'use client'

import Link from 'next/link'
import type { FieldErrors, UseFormRegister } from 'react-hook-form'
import styles from '@/components/forms/Form.module.css'
import { PAYMENT_METHODS, type PaymentMethod } from '@/checkout/send-orders'
import type { Locale } from '@/i18n/locales'
import type { Messages } from '@/i18n/messages/de'
import checkout from './Checkout.module.css'

export type CheckoutLabels = Messages['checkout']

/** What a customer chooses and agrees to before the order button, in checkout and in the direct order form. */
export type OrderConsentValues = { paymentMethod: PaymentMethod | ''; termsAccepted: boolean }

export const NO_CONSENT_YET: OrderConsentValues = { paymentMethod: '', termsAccepted: false }

/**
 * Payment method (spec section 9: PayPal, credit card, prepayment), the unticked terms checkbox
 * with links to the terms and the withdrawal information, and the note that personalised songs
 * are exempt from withdrawal (§ 312g (2) no. 1 BGB); then the caller's order button.
 */
export function OrderConsent({
  register,
  errors,
  labels,
  onlinePayment,
  locale,
}: {
  register: UseFormRegister<OrderConsentValues>
  errors: FieldErrors<OrderConsentValues>
  labels: CheckoutLabels
  /** Card and PayPal go through Stripe; without it they are shown, but cannot be chosen. */
  onlinePayment: boolean
  locale: Locale
}) {
  return (
    <>
      <fieldset className={checkout.payment}>
        <legend>{labels.paymentTitle}</legend>
        {PAYMENT_METHODS.map((method) => (
          <label key={method} className={checkout.choice}>
            <input
              type="radio"
              value={method}
              disabled={method !== 'prepayment' && !onlinePayment}
              {...register('paymentMethod', { required: labels.paymentRequired })}
            />
            <span>{labels[method]}</span>
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

      <div className={checkout.consent}>
        <label className={checkout.choice}>
          <input
            type="checkbox"
            {...register('termsAccepted', { required: labels.termsRequired })}
            aria-invalid={errors.termsAccepted ? true : undefined}
          />
          <span>
            {labels.termsBefore}
            <Link href={locale === 'en' ? '/en/terms' : '/agb'} target="_blank">
              {labels.termsLink}
            </Link>
            {labels.termsMiddle}
            <Link href={locale === 'en' ? '/en/withdrawal' : '/widerruf'} target="_blank">
              {labels.withdrawalLink}
            </Link>
            {labels.termsAfter}
          </span>
        </label>
        {errors.termsAccepted && (
          <p className={styles.fieldError} role="alert">
            {labels.termsRequired}
          </p>
        )}
        <p className="muted">{labels.personalised}</p>
      </div>
    </>
  )
}
