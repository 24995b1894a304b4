'use client'

import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { newCartItemId } from '@/cart/cart-storage'
import { clearWizardDraft, useWizardDraft } from '@/cart/wizard-draft'
import type { PriceList } from '@/checkout/display-prices'
import { type Billing, goTo, pathAfterOrdering, sendOrder } from '@/checkout/send-orders'
import type { Locale } from '@/i18n/locales'
import { HydratedFieldset } from '@/components/forms/HydratedFieldset'
import type { Messages } from '@/i18n/messages/de'
import checkout from './Checkout.module.css'
import { billingOf, type CheckoutLabels, type ConsentLabels, consentDefaults, consentsOf, OrderConsent, type OrderConsentValues } from './OrderConsent'
import { OrderTotal } from './OrderTotal'

export type DirectOrderLabels = Messages['order']

type Outcome = 'none' | 'failed'

/**
 * The spec's direct order form on the review page, for a logged-in customer: the song of the
 * wizard's draft is ordered at once (POST /api/orders/, priced by the server) without the cart.
 */
export function DirectOrderForm({
  packageSlug,
  typeSlug,
  prices,
  labels,
  checkoutLabels,
  consentLabels,
  onlinePayment,
  billing,
  locale,
}: {
  packageSlug: string
  typeSlug: string
  prices: PriceList
  labels: DirectOrderLabels
  checkoutLabels: CheckoutLabels
  consentLabels: ConsentLabels
  /** Whether card and PayPal can be taken now (Stripe configured). */
  onlinePayment: boolean
  /** The invoice details of the customer's last order, to start from. */
  billing: Billing
  locale: Locale
}) {
  const router = useRouter()
  const { draft } = useWizardDraft(packageSlug, typeSlug)
  const [outcome, setOutcome] = useState<Outcome>('none')
  // One key while the form is open: sending again after a lost answer returns the order already placed.
  const [formKey] = useState(newCartItemId)
  const { register, handleSubmit, formState } = useForm<OrderConsentValues>({ defaultValues: consentDefaults(billing) })

  async function send(values: OrderConsentValues) {
    const { paymentMethod } = values
    if (!draft || !paymentMethod) return
    let orderId: number
    try {
      const terms = { paymentMethod, billing: billingOf(values), consents: consentsOf(values), locale }
      orderId = await sendOrder(formKey, draft, terms, draft.recording)
    } catch (error) {
      console.error(error)
      setOutcome('failed')
      return
    }
    await clearWizardDraft(packageSlug, typeSlug)
    // The same path as the checkout: on to the payment, or to the order's page that says how to pay.
    goTo(await pathAfterOrdering([orderId], paymentMethod), router.push)
  }

  if (!draft) return null
  return (
    <section className={checkout.direct} aria-labelledby="direct-order-title">
      <h2 id="direct-order-title">{labels.title}</h2>
      <p className="muted">{labels.intro}</p>
      <form className={checkout.layout} onSubmit={handleSubmit(send)} noValidate>
        <HydratedFieldset>
          <OrderConsent
            register={register}
            errors={formState.errors}
            labels={checkoutLabels}
            consentLabels={consentLabels}
            onlinePayment={onlinePayment}
            billingOpen={Boolean(billing.name || billing.address)}
            locale={locale}
          />
          <OrderTotal items={[draft]} prices={prices} labels={checkoutLabels} locale={locale} />
          {outcome === 'failed' && (
            <p className="error-message" role="alert">
              {labels.failure}
            </p>
          )}
          <button type="submit" className={`button ${checkout.orderButton}`} disabled={formState.isSubmitting}>
            {formState.isSubmitting ? checkoutLabels.sending : checkoutLabels.orderButton}
          </button>
        </HydratedFieldset>
      </form>
    </section>
  )
}
