'use client'

import { useRouter } from 'next/navigation'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { EMPTY_DRAFT_FIELDS, type WizardDraftFields } from '@/cart/draft-defaults'
import { chosenPrice, type PackagePrices } from '@/checkout/display-prices'
import { HydratedFieldset } from '@/components/forms/HydratedFieldset'
import type { RecorderLabels } from '@/components/recorder/labels'
import { fillTemplate } from '@/i18n/fill-template'
import { formatPrice } from '@/i18n/format-price'
import type { Locale } from '@/i18n/locales'
import { CUSTOM_THEME } from '@/rules/choices'
import { ORDER_LIMITS } from '@/rules/limits'
import styles from './DetailsForm.module.css'
import type { DetailsFormLabels } from './labels'

export type ThemeOption = { slug: string; label: string; icon: string }

// Only the higher packages record, and the recorder sits below the fold: its code loads after
// the page's own (it is still rendered on the server, so nothing shifts).
const DraftRecording = lazy(() => import('./DraftRecording'))
// The draft's storage is not needed to show the form: it loads right after.
const draftStorage = () => import('@/cart/draft-fields')

// One details form per page, so fixed ids are unique.
const ids = {
  themeHint: 'details-theme-hint',
  themeError: 'details-theme-error',
  custom: 'details-custom',
  customCount: 'details-custom-count',
  customError: 'details-custom-error',
  note: 'details-note',
  noteHint: 'details-note-hint',
  noteCount: 'details-note-count',
  streamingHint: 'details-streaming-hint',
  recordingTitle: 'details-recording-title',
}

type Props = {
  packageSlug: string
  typeSlug: string
  allowsRecording: boolean
  /** The package's current prices, computed by the server. */
  prices: PackagePrices
  pricesIncludeVat: boolean
  themes: ThemeOption[]
  locale: Locale
  labels: DetailsFormLabels
  recorderLabels: RecorderLabels
}

/**
 * Step three (spec sections 2 and 5): focus theme (required; "custom" asks for the visitor's own),
 * personal note, streaming release, and for the higher packages a voice recording. Everything is
 * kept as a draft, so a reload or the review's back button finds it again.
 */
export function DetailsForm({ packageSlug, typeSlug, allowsRecording, prices, pricesIncludeVat, themes, locale, labels, recorderLabels }: Props) {
  const router = useRouter()
  const {
    register,
    handleSubmit,
    reset,
    watch,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<WizardDraftFields>({ defaultValues: EMPTY_DRAFT_FIELDS })
  const [recorderBusy, setRecorderBusy] = useState(false)
  const [stopFirst, setStopFirst] = useState(false)
  const knownThemes = useRef(new Set(themes.map((option) => option.slug)))
  // The next step waits until the draft is read and watched (before, a click would submit the bare HTML form or save nothing).
  const [draftRead, setDraftRead] = useState(false)

  // What this tab entered before (reload, or back from the review).
  useEffect(() => {
    let active = true
    let unsubscribe = () => {}
    void draftStorage()
      .then(({ readDraftFields, saveDraftFields }) => {
        if (!active) return
        const stored = readDraftFields(packageSlug, typeSlug)
        // A theme the seller has since removed counts as none chosen.
        if (stored) reset({ ...stored, theme: knownThemes.current.has(stored.theme) ? stored.theme : '' }, { keepDirtyValues: true })
        const save = (values: Partial<WizardDraftFields>) => saveDraftFields(packageSlug, typeSlug, { ...EMPTY_DRAFT_FIELDS, ...values })
        // What the visitor chose while the draft code was loading (a slow phone) is saved now, not
        // only with the next change: a reload right after would have lost it.
        const current = { ...EMPTY_DRAFT_FIELDS, ...getValues() }
        const before = { ...EMPTY_DRAFT_FIELDS, ...(stored ?? {}) }
        if ((Object.keys(current) as (keyof WizardDraftFields)[]).some((field) => current[field] !== before[field])) save(current)
        const subscription = watch(save)
        unsubscribe = () => subscription.unsubscribe()
        setDraftRead(true)
      })
      .catch(() => active && setDraftRead(true))
    return () => {
      active = false
      unsubscribe()
    }
  }, [packageSlug, typeSlug, reset, watch, getValues])

  function changeBusy(busy: boolean) {
    setRecorderBusy(busy)
    if (!busy) setStopFirst(false)
  }

  async function proceed(values: WizardDraftFields) {
    if (recorderBusy) {
      setStopFirst(true)
      return
    }
    const { draftWritesSettled, saveDraftFields } = await draftStorage()
    saveDraftFields(packageSlug, typeSlug, values)
    await draftWritesSettled()
    router.push(`/custom-songs/${packageSlug}/${typeSlug}/review`)
  }

  const theme = watch('theme')
  const note = watch('note') ?? ''
  const customTheme = watch('customTheme') ?? ''
  const spotifyOption = watch('spotifyOption')
  const total = chosenPrice(prices, spotifyOption).total

  return (
    <form className={styles.form} onSubmit={handleSubmit(proceed)} noValidate>
      <HydratedFieldset>
        <fieldset
          className={styles.themes}
          aria-describedby={errors.theme ? `${ids.themeHint} ${ids.themeError}` : ids.themeHint}
          aria-invalid={errors.theme ? true : undefined}
        >
          <legend className={styles.legend}>{labels.themeLegend}</legend>
          <p id={ids.themeHint} className={styles.hint}>
            {labels.themeHint}
          </p>
          <div className={styles.themeGrid}>
            {themes.map((option) => (
              <label key={option.slug} className={styles.theme}>
                <input
                  type="radio"
                  value={option.slug}
                  {...register('theme', { validate: (value) => knownThemes.current.has(value) || labels.themeRequired })}
                />
                <span className={styles.themeIcon} aria-hidden="true">
                  {option.icon}
                </span>
                <span className={styles.themeLabel}>{option.label}</span>
              </label>
            ))}
          </div>
          {errors.theme?.message && (
            <p id={ids.themeError} className={`error-message ${styles.error}`} role="alert">
              {errors.theme.message}
            </p>
          )}
        </fieldset>

        {theme === CUSTOM_THEME && (
          <div className={styles.field}>
            <label htmlFor={ids.custom}>{labels.customThemeLabel}</label>
            <input
              id={ids.custom}
              type="text"
              maxLength={ORDER_LIMITS.customTheme}
              autoComplete="off"
              aria-invalid={errors.customTheme ? true : undefined}
              aria-describedby={errors.customTheme ? `${ids.customError} ${ids.customCount}` : ids.customCount}
              {...register('customTheme', {
                validate: (value, values) => values.theme !== CUSTOM_THEME || value.trim().length > 0 || labels.customThemeRequired,
                maxLength: ORDER_LIMITS.customTheme,
              })}
            />
            <span id={ids.customCount} className={styles.counter}>
              {fillTemplate(labels.counter, { count: customTheme.length, max: ORDER_LIMITS.customTheme })}
            </span>
            {errors.customTheme?.message && (
              <p id={ids.customError} className={`error-message ${styles.error}`} role="alert">
                {errors.customTheme.message}
              </p>
            )}
          </div>
        )}

        <div className={styles.field}>
          <label htmlFor={ids.note}>{labels.noteLabel}</label>
          <p id={ids.noteHint} className={styles.hint}>
            {labels.noteHint}
          </p>
          <textarea
            id={ids.note}
            rows={5}
            maxLength={ORDER_LIMITS.personalNote}
            aria-describedby={`${ids.noteHint} ${ids.noteCount}`}
            {...register('note', { maxLength: ORDER_LIMITS.personalNote })}
          />
          <span id={ids.noteCount} className={styles.counter}>
            {fillTemplate(labels.counter, { count: note.length, max: ORDER_LIMITS.personalNote })}
          </span>
        </div>

        <div className={styles.streaming}>
          <label className={styles.checkbox}>
            <input type="checkbox" aria-describedby={ids.streamingHint} {...register('spotifyOption')} />
            <span>{labels.streamingLabel}</span>
          </label>
          <p id={ids.streamingHint} className={styles.hint}>
            {labels.streamingHint}
          </p>
        </div>

        {allowsRecording && (
          <section className={styles.recording} aria-labelledby={ids.recordingTitle}>
            <h2 id={ids.recordingTitle} className={styles.sectionTitle}>
              {labels.recordingTitle}
            </h2>
            <p className={styles.hint}>{labels.recordingIntro}</p>
            <Suspense>
              <DraftRecording
                packageSlug={packageSlug}
                typeSlug={typeSlug}
                labels={recorderLabels}
                notSavedLabel={labels.recordingNotSaved}
                onBusyChange={changeBusy}
              />
            </Suspense>
            {stopFirst && (
              <p className={`error-message ${styles.error}`} role="alert">
                {labels.recordingBusy}
              </p>
            )}
          </section>
        )}
      </HydratedFieldset>

      <div className={styles.footer}>
        <p className={styles.price} aria-live="polite">
          {fillTemplate(labels.price, { price: formatPrice(total, locale) })}{' '}
          <span className={styles.vat}>{pricesIncludeVat ? labels.inclVat : labels.noVat}</span>
        </p>
        <button type="submit" className="button" disabled={!draftRead || isSubmitting}>
          {labels.next}
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path fill="currentColor" d="M8.6 16.6 13.2 12 8.6 7.4 10 6l6 6-6 6z" />
          </svg>
        </button>
      </div>
    </form>
  )
}
