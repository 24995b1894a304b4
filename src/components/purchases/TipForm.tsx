'use client'

import { useRouter } from 'next/navigation'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { goTo } from '@/checkout/send-orders'
import { pathAfterPurchase, PurchaseFailed, placePurchase, purchaseRequest } from '@/buying/send-purchase'
import { newCartItemId } from '@/cart/cart-storage'
import { ConsentCheckbox, type CheckoutLabels, type ConsentLabels, PaymentMethodFieldset, type PurchaseLabels } from '@/components/checkout/OrderConsent'
import checkout from '@/components/checkout/Checkout.module.css'
import formStyles from '@/components/forms/Form.module.css'
import { HydratedFieldset } from '@/components/forms/HydratedFieldset'
import { fillTemplate } from '@/i18n/fill-template'
import { formatPrice } from '@/i18n/format-price'
import type { Locale } from '@/i18n/locales'
import { PURCHASE_CONSENT_VERSION, purchaseConsentWording } from '@/purchases/consent'
import type { PaymentMethod } from '@/rules/choices'
import { TIP_LIMITS, TIP_SUGGESTIONS_EUR } from '@/rules/tips'
import { toEuros } from '@/rules/pricing'

type TipValues = { choice: string; otherAmount: string; paymentMethod: PaymentMethod | ''; termsAccepted: boolean }

const OTHER = 'other'

/** What a tip thanks for: a delivered commission or a paid purchase. */
export type TipTarget = { for_order: number } | { for_purchase: number }

/**
 * "Trinkgeld geben" (issue 33): a suggested amount or one of the buyer's own, the payment method
 * and the terms, then paid as a purchase with one tip line. A tip is a payment, not digital
 * content: nothing is supplied that a right of withdrawal could end early, so the § 356(5) BGB
 * box is not asked for; the terms are (they govern the payment and its invoice). The server checks
 * the amount (src/rules/tips.ts) and what the tip is for.
 */
export function TipForm({
  target,
  intro,
  labels,
  checkoutLabels,
  consentLabels,
  onlinePayment,
  billing,
  locale,
}: {
  target: TipTarget
  intro: string
  labels: PurchaseLabels
  checkoutLabels: CheckoutLabels
  consentLabels: ConsentLabels
  onlinePayment: boolean
  /** Name, address and country for the invoice, as the buyer gave them last. */
  billing: { name: string; address: string; country: string }
  locale: Locale
}) {
  const router = useRouter()
  const titleId = useId()
  const [formKey] = useState(newCartItemId)
  const [failed, setFailed] = useState<{ detail: string | null } | null>(null)
  const { register, handleSubmit, formState, watch } = useForm<TipValues>({
    defaultValues: { choice: '', otherAmount: '', paymentMethod: '', termsAccepted: false },
  })
  const { errors, isSubmitting } = formState
  const choice = watch('choice')
  const limits = { min: formatPrice(toEuros(TIP_LIMITS.minCents), locale), max: formatPrice(toEuros(TIP_LIMITS.maxCents), locale) }
  const amountMessage = fillTemplate(labels.tipAmountRequired, limits)
  const wording = purchaseConsentWording(PURCHASE_CONSENT_VERSION, locale)

  async function send(values: TipValues) {
    if (!values.paymentMethod) return
    setFailed(null)
    const amount = values.choice === OTHER ? values.otherAmount.trim().replace(',', '.') : values.choice
    try {
      const request = purchaseRequest([{ kind: 'tip', ...target, amount }], {
        paymentMethod: values.paymentMethod,
        termsAccepted: values.termsAccepted,
        digitalContentConsent: false,
        billing,
      })
      goTo(await pathAfterPurchase(await placePurchase(formKey, request, locale)), router.push)
    } catch (error) {
      console.error(error)
      setFailed({ detail: error instanceof PurchaseFailed ? error.detail : null })
    }
  }

  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId}>{labels.tipTitle}</h2>
      <p className="muted">{intro}</p>
      <form className={checkout.layout} onSubmit={handleSubmit(send)} noValidate>
        <HydratedFieldset>
          <fieldset className={checkout.payment}>
            <legend>{labels.tipAmount}</legend>
            {TIP_SUGGESTIONS_EUR.map((euros) => (
              <label key={euros} className={checkout.choice}>
                <input type="radio" value={String(euros)} {...register('choice', { required: amountMessage })} />
                <span>{formatPrice(euros, locale)}</span>
              </label>
            ))}
            <label className={checkout.choice}>
              <input type="radio" value={OTHER} {...register('choice', { required: amountMessage })} />
              <span>{labels.tipOther}</span>
            </label>
            {choice === OTHER && (
              <label className={formStyles.field}>
                <span>{fillTemplate(labels.tipOtherAmount, limits)}</span>
                <input
                  type="number"
                  inputMode="decimal"
                  step="0.01"
                  min={toEuros(TIP_LIMITS.minCents)}
                  max={toEuros(TIP_LIMITS.maxCents)}
                  aria-invalid={Boolean(errors.otherAmount) || undefined}
                  {...register('otherAmount', {
                    validate: (value) => {
                      const euros = Number(value.trim().replace(',', '.'))
                      return (
                        (value.trim() !== '' && Number.isFinite(euros) && euros * 100 >= TIP_LIMITS.minCents && euros * 100 <= TIP_LIMITS.maxCents) ||
                        amountMessage
                      )
                    },
                  })}
                />
              </label>
            )}
            {(errors.choice || errors.otherAmount) && (
              <p className={formStyles.fieldError} role="alert">
                {amountMessage}
              </p>
            )}
          </fieldset>
          <PaymentMethodFieldset
            registration={register('paymentMethod', { required: checkoutLabels.paymentRequired })}
            error={Boolean(errors.paymentMethod)}
            labels={checkoutLabels}
            onlinePayment={onlinePayment}
            locale={locale}
          />
          <div className={checkout.consent}>
            <ConsentCheckbox
              segments={wording.terms}
              locale={locale}
              message={consentLabels.termsRequired}
              error={Boolean(errors.termsAccepted)}
              {...register('termsAccepted', { required: consentLabels.termsRequired })}
            />
          </div>
          {failed && (
            <p className="error-message" role="alert">
              {checkoutLabels.failed}
              {failed.detail && (
                <>
                  <br />
                  {failed.detail}
                </>
              )}
            </p>
          )}
          <button type="submit" className={`button ${checkout.orderButton}`} disabled={isSubmitting}>
            {isSubmitting ? labels.tipSending : labels.tipButton}
          </button>
        </HydratedFieldset>
      </form>
    </section>
  )
}
