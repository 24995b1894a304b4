import type { Metadata } from 'next'
import { wizardChoices } from '@/catalog/wizard-choices'
import { PackageCard } from '@/components/wizard/PackageCard'
import cardStyles from '@/components/wizard/PackageCard.module.css'
import { WizardSteps } from '@/components/wizard/WizardSteps'
import { requestTranslation } from '@/i18n/request-locale'
import { payloadClient } from '@/site/payload'

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await requestTranslation()
  return { title: t('wizard.title'), description: t('wizard.intro') }
}

/** Step one of the custom-song wizard: the three packages (spec section 2). */
export default async function PackageChooserPage() {
  const payload = await payloadClient()
  const { locale, t } = await requestTranslation()
  const { packages } = await wizardChoices(payload, locale)
  return (
    <>
      <WizardSteps t={t} stage="package" />
      <h1>{t('wizard.title')}</h1>
      <p className="muted">{t('wizard.intro')}</p>
      <ul className={`grid ${cardStyles.chooserGrid}`} role="list">
        {packages.map((pkg, index) => (
          <PackageCard key={pkg.id} pkg={pkg} locale={locale} t={t} headingLevel={2} withImage priority={index === 0} />
        ))}
      </ul>
    </>
  )
}
