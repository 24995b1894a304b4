import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { wizardStep } from '@/catalog/wizard-choices'
import { RecordingPageLink } from '@/components/navigation/RecordingPageLink'
import { WizardSteps } from '@/components/wizard/WizardSteps'
import styles from '@/components/wizard/UseTypeChooser.module.css'
import { formatPrice } from '@/i18n/format-price'
import { requestTranslation } from '@/i18n/request-locale'
import { payloadClient } from '@/site/payload'

type Props = { params: Promise<{ packageId: string }> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const payload = await payloadClient()
  const { locale, t } = await requestTranslation()
  const { pkg } = await wizardStep(payload, locale, (await params).packageId)
  if (!pkg) return {}
  return { title: `${t('wizard.areaTitle')} · ${pkg.name}`, description: t('wizard.areaIntro') }
}

/** Step two: what the song is for. The link carries the use type's slug (spec section 2). */
export default async function UseTypeChooserPage({ params }: Props) {
  const payload = await payloadClient()
  const { locale, t } = await requestTranslation()
  const { pkg, useTypes } = await wizardStep(payload, locale, (await params).packageId)
  if (!pkg) notFound()
  return (
    <>
      <WizardSteps t={t} stage="area" pkg={pkg} />
      <p className={styles.kicker}>{t('wizard.chosenPackage', { name: pkg.name, price: formatPrice(pkg.price, locale) })}</p>
      <h1>{t('wizard.areaTitle')}</h1>
      <p className="muted">{t('wizard.areaIntro')}</p>
      <ul className={styles.grid} role="list">
        {useTypes.map((useType) => (
          <li key={useType.id}>
            <RecordingPageLink href={`/custom-songs/${pkg.slug}/${useType.slug}`} className={`card ${styles.option} color-${useType.color_class}`}>
              <span className={styles.icon} aria-hidden="true">
                {useType.icon}
              </span>
              <span className={styles.label}>{useType.label}</span>
              <svg className={styles.arrow} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path fill="currentColor" d="M8.6 16.6 13.2 12 8.6 7.4 10 6l6 6-6 6z" />
              </svg>
            </RecordingPageLink>
          </li>
        ))}
      </ul>
    </>
  )
}
