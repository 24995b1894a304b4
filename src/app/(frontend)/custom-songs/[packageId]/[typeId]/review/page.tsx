import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { currentUser } from '@/auth/current-user'
import { priceListOf, wizardStep } from '@/catalog/wizard-choices'
import { LazyDirectOrderForm } from '@/components/forms/LazyForms'
import { reviewLabels } from '@/components/wizard/labels'
import { ReviewOrder } from '@/components/wizard/ReviewOrder'
import { WizardSteps } from '@/components/wizard/WizardSteps'
import { requestTranslation } from '@/i18n/request-locale'
import { messagesFor } from '@/i18n/translator'
import { lastBilling } from '@/orders/last-billing'
import { stripeSettings } from '@/payments/stripe-client'
import { payloadClient } from '@/site/payload'

type Props = { params: Promise<{ packageId: string; typeId: string }> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const payload = await payloadClient()
  const { packageId, typeId } = await params
  const { locale, t } = await requestTranslation()
  const { pkg, useType } = await wizardStep(payload, locale, packageId, typeId)
  if (!pkg || !useType) return {}
  return { title: `${t('wizard.reviewTitle')} · ${pkg.name}`, robots: { index: false } }
}

/**
 * The order review: everything chosen, the prices, back or into the cart (spec sections 2 and 4);
 * a logged-in customer can also order it directly here (the spec's direct order form).
 */
export default async function ReviewPage({ params }: Props) {
  const payload = await payloadClient()
  const { packageId, typeId } = await params
  const [{ locale, t }, user] = await Promise.all([requestTranslation(), currentUser(payload)])
  const choices = await wizardStep(payload, locale, packageId, typeId)
  const { pkg, useType, focusThemes, pricesIncludeVat } = choices
  if (!pkg || !useType) notFound()
  const prices = priceListOf(choices)
  const messages = messagesFor(locale)
  return (
    <>
      <WizardSteps t={t} stage="review" pkg={pkg} useType={useType} />
      <h1>{t('wizard.reviewTitle')}</h1>
      <p className="muted">{t('wizard.reviewIntro')}</p>
      <ReviewOrder
        pkg={{ slug: pkg.slug, name: pkg.name, allowsRecording: pkg.allows_recording }}
        useType={{ slug: useType.slug, label: useType.label, icon: useType.icon }}
        themes={focusThemes.map(({ slug, label, icon }) => ({ slug, label, icon }))}
        prices={prices.packages[pkg.slug]!}
        pricesIncludeVat={pricesIncludeVat}
        locale={locale}
        labels={reviewLabels(t, pkg.name)}
      >
        {user && (
          <LazyDirectOrderForm
            packageSlug={pkg.slug}
            typeSlug={useType.slug}
            prices={prices}
            labels={messages.order}
            checkoutLabels={messages.checkout}
            consentLabels={messages.consent}
            onlinePayment={stripeSettings() !== null}
            billing={await lastBilling(payload, user)}
            locale={locale}
          />
        )}
      </ReviewOrder>
    </>
  )
}
