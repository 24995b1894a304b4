import { IntentLink } from '@/components/navigation/IntentLink'
import type { Translate } from '@/i18n/translator'
import { RecordingPageLink } from '../navigation/RecordingPageLink'
import styles from './WizardSteps.module.css'

export type WizardStage = 'package' | 'area' | 'details' | 'review'

type Props = {
  t: Translate
  stage: WizardStage
  /** The chosen package (from the area step on). */
  pkg?: { slug: string; name: string }
  /** The chosen use type (from the details step on). */
  useType?: { slug: string; label: string }
}

/**
 * The three-step indicator (package, area, details; spec section 2). Only earlier steps are links,
 * so visitors may go back but never skip ahead; on the review all three are done.
 */
export function WizardSteps({ t, stage, pkg, useType }: Props) {
  const steps = [
    { label: t('wizard.stepPackage'), href: '/custom-songs', chosen: pkg?.name },
    { label: t('wizard.stepArea'), href: pkg ? `/custom-songs/${pkg.slug}` : null, chosen: useType?.label },
    { label: t('wizard.stepDetails'), href: pkg && useType ? `/custom-songs/${pkg.slug}/${useType.slug}` : null, chosen: undefined },
  ]
  const current = ['package', 'area', 'details', 'review'].indexOf(stage)
  return (
    <nav className={styles.steps} aria-label={t('wizard.steps')}>
      <ol className={styles.list}>
        {steps.map((step, index) => {
          const state = index < current ? 'done' : index === current ? 'current' : 'upcoming'
          const content = (
            <>
              <span className={styles.marker} aria-hidden="true">
                {state === 'done' ? (
                  <svg viewBox="0 0 24 24" width="16" height="16" focusable="false">
                    <path fill="currentColor" d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z" />
                  </svg>
                ) : (
                  index + 1
                )}
              </span>
              <span className={styles.text}>
                <span className={styles.label}>{step.label}</span>
                {state === 'done' && step.chosen && <span className={styles.chosen}>{step.chosen}</span>}
                {state === 'done' && <span className="visually-hidden"> ({t('wizard.stepDone')})</span>}
              </span>
            </>
          )
          return (
            <li key={step.label} className={styles.step} data-state={state}>
              {state === 'done' && step.href ? (
                // The details step records: entering it loads a new document (RecordingPageLink).
                index === 2 ? (
                  <RecordingPageLink href={step.href} className={styles.link}>
                    {content}
                  </RecordingPageLink>
                ) : (
                  <IntentLink href={step.href} className={styles.link}>
                    {content}
                  </IntentLink>
                )
              ) : (
                <span className={styles.link} aria-current={state === 'current' ? 'step' : undefined}>
                  {content}
                </span>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
