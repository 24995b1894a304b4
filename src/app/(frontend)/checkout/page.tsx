import type { Metadata } from 'next'
import { currentUser } from '@/auth/current-user'
import { siteSettings } from '@/catalog/settings'
import { choiceNames, priceListOf, wizardChoices } from '@/catalog/wizard-choices'
import { LazyAuthForms, LazyCheckoutForm } from '@/components/forms/LazyForms'
import { recorderLabels } from '@/components/recorder/labels'
import { requestTranslation } from '@/i18n/request-locale'
import { messagesFor } from '@/i18n/translator'
import { lastBilling } from '@/orders/last-billing'
import { stripeSettings } from '@/payments/stripe-client'
import { billingCountryChoices } from '@/rules/billing-countries'
import { payloadClient } from '@/site/payload'

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await requestTranslation()
  return { title: t('checkout.title'), robots: { index: false } }
}

/**
 * Checkout (spec section 2): a visitor logs in or registers right here and stays on the page with
 * the cart intact; a customer sees the order summary and orders (custom songs, and albums and
 * tracks as one purchase, issue 33).
 */
export default async function CheckoutPage() {
  const payload = await payloadClient()
  const [{ locale, t }, user] = await Promise.all([requestTranslation(), currentUser(payload)])
  const messages = messagesFor(locale)
  if (!user) {
    return (
      <>
        <h1>{t('checkout.title')}</h1>
        <p className="muted">{t('checkout.loginIntro')}</p>
        <LazyAuthForms labels={messages.accounts} forgotPasswordLabel={messages.passwordReset.forgotLink} locale={locale} afterLogin="stay" />
      </>
    )
  }
  const [choices, names, billing, settings] = await Promise.all([
    wizardChoices(payload, locale),
    choiceNames(payload, locale),
    lastBilling(payload, user),
    siteSettings(payload),
  ])
  return (
    <>
      <h1>{t('checkout.title')}</h1>
      <div className="browser-filled">
        <LazyCheckoutForm
          labels={messages.checkout}
          consentLabels={messages.consent}
          names={names}
          prices={priceListOf(choices)}
          recorderLabels={recorderLabels(t)}
          onlinePayment={stripeSettings() !== null}
          billing={billing}
          locale={locale}
          keepPostedLabel={messages.follow.checkout}
          purchaseLabels={messages.catalogPurchase}
          countries={billingCountryChoices(locale)}
          ossRegistered={settings.oss_registered === true}
        />
      </div>
    </>
  )
}
