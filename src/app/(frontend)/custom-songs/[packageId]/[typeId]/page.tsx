import type { Metadata } from 'next'
import { LazyDetailsForm } from '@/components/forms/LazyForms'
import { notFound } from 'next/navigation'
import { priceListOf, wizardStep } from '@/catalog/wizard-choices'
import { recorderLabels } from '@/components/recorder/labels'
import { detailsFormLabels } from '@/components/wizard/labels'
import { WizardSteps } from '@/components/wizard/WizardSteps'
import styles from '@/components/wizard/UseTypeChooser.module.css'
import { requestTranslation } from '@/i18n/request-locale'
import { payloadClient } from '@/site/payload'

type Props = { params: Promise<{ packageId: string; typeId: string }> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const payload = await payloadClient()
  const { packageId, typeId } = await params
  const { locale, t } = await requestTranslation()
  const { pkg, useType } = await wizardStep(payload, locale, packageId, typeId)
  if (!pkg || !useType) return {}
  return { title: `${t('wizard.detailsTitle')} · ${pkg.name}`, description: t('wizard.detailsIntro'), robots: { index: false } }
}

/** Step three: focus theme, note, streaming release and (higher packages) a voice recording. */
export default async function DetailsPage({ params }: Props) {
  const payload = await payloadClient()
  const { packageId, typeId } = await params
  const { locale, t } = await requestTranslation()
  const choices = await wizardStep(payload, locale, packageId, typeId)
  const { pkg, useType, focusThemes, streamingSurcharge, pricesIncludeVat } = choices
  if (!pkg || !useType) notFound()
  return (
    <>
      <WizardSteps t={t} stage="details" pkg={pkg} useType={useType} />
      <p className={styles.kicker}>{t('wizard.chosenPackageAndArea', { name: pkg.name, area: useType.label })}</p>
      <h1>{t('wizard.detailsTitle')}</h1>
      <p className="muted">{t('wizard.detailsIntro')}</p>
      <LazyDetailsForm
        packageSlug={pkg.slug}
        typeSlug={useType.slug}
        allowsRecording={pkg.allows_recording}
        prices={priceListOf(choices).packages[pkg.slug]!}
        pricesIncludeVat={pricesIncludeVat}
        themes={focusThemes.map(({ slug, label, icon }) => ({ slug, label, icon }))}
        locale={locale}
        labels={detailsFormLabels(t, locale, streamingSurcharge)}
        recorderLabels={recorderLabels(t)}
      />
    </>
  )
}
