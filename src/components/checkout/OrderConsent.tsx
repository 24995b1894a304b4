'use client'

import Link from 'next/link'
import type { FieldErrors, UseFormRegister } from 'react-hook-form'
import styles from '@/components/forms/Form.module.css'
import { type Billing, PAYMENT_METHODS, type PaymentMethod } from '@/checkout/send-orders'
import type { Locale } from '@/i18n/locales'
import { ORDER_LIMITS } from '@/orders/limits'
import type { Messages } from '@/i18n/messages/de'
import checkout from './Checkout.module.css'

export type CheckoutLabels = Messages['checkout']

/** What a customer chooses and agrees to before the order button, in checkout and in the direct order form. */
export type OrderConsentValues = { paymentMethod: PaymentMethod | ''; termsAccepted: boolean; billingName: string; billingAddress: string }

/** Nothing chosen or agreed yet; the invoice details prefilled from the customer's last order. */
export const consentDefaults = (billing: Billing): OrderConsentValues => ({
  paymentMethod: '',
  termsAccepted: false,
  billingName: billing.name,
  billingAddress: billing.address,
})

export const billingOf = ({ billingName, billingAddress }: OrderConsentValues): Billing => ({ name: billingName, address: billingAddress })

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
  billingOpen,
  locale,
}: {
  register: UseFormRegister<OrderConsentValues>
  errors: FieldErrors<OrderConsentValues>
  labels: CheckoutLabels
  /** Card and PayPal go through Stripe; without it they are shown, but cannot be chosen. */
  onlinePayment: boolean
  /** Open the invoice details when the customer gave them before. */
  billingOpen: boolean
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

      <details className={checkout.billing} open={Boolean(billingOpen) || undefined}>
        <summary>{labels.billingTitle}</summary>
        <p className="muted">{labels.billingIntro}</p>
        <label className={styles.field}>
          <span>{labels.billingName}</span>
          <input type="text" autoComplete="name" maxLength={ORDER_LIMITS.billingName} {...register('billingName', { maxLength: ORDER_LIMITS.billingName })} />
        </label>
        <label className={styles.field}>
          <span>{labels.billingAddress}</span>
          <textarea rows={3} autoComplete="street-address" maxLength={ORDER_LIMITS.billingAddress} {...register('billingAddress', { maxLength: ORDER_LIMITS.billingAddress })} />
        </label>
      </details>

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
