'use client'

import { useRouter } from 'next/navigation'
import { type ReactNode, useEffect, useState } from 'react'
import { addToCart, newCartItemId } from '@/cart/cart-storage'
import { deleteRecording, saveRecording } from '@/cart/recording-store'
import { clearWizardDraft, useWizardDraft, type WizardDraft } from '@/cart/wizard-draft'
import { chosenPrice, type PackagePrices } from '@/checkout/display-prices'
import { RecordingPreview } from '@/components/recorder/RecordingPreview'
import type { Locale } from '@/i18n/locales'
import { quote } from '@/i18n/quote'
import { CUSTOM_THEME } from '@/rules/choices'
import type { ThemeOption } from './DetailsForm'
import type { ReviewLabels } from './labels'
import { PriceTable } from '@/components/prices/PriceTable'
import styles from './ReviewOrder.module.css'

type Props = {
  pkg: { slug: string; name: string; allowsRecording: boolean }
  useType: { slug: string; label: string; icon: string }
  themes: ThemeOption[]
  /** The package's current prices, computed by the server. */
  prices: PackagePrices
  pricesIncludeVat: boolean
  locale: Locale
  labels: ReviewLabels
  /** Rendered below the add-to-cart button: the place for the direct-order form. */
  children?: ReactNode
}

/** A draft the review can show: a known theme, with its text when it is the visitor's own. */
function completeDraft(draft: WizardDraft | null, themes: ThemeOption[]): draft is WizardDraft {
  if (!draft || !themes.some((theme) => theme.slug === draft.theme)) return false
  return draft.theme !== CUSTOM_THEME || draft.customTheme.trim().length > 0
}

/**
 * The order review (spec sections 2 and 4) over the wizard's draft. Without a complete draft the
 * visitor is sent back to the details step. "Add to cart" stores the item (its recording stays in
 * IndexedDB under the item's own key), forgets the draft and opens the cart.
 */
export function ReviewOrder({ pkg, useType, themes, prices, pricesIncludeVat, locale, labels, children }: Props) {
  const router = useRouter()
  const state = useWizardDraft(pkg.slug, useType.slug)
  const [adding, setAdding] = useState(false)
  const [failed, setFailed] = useState(false)
  const detailsHref = `/custom-songs/${pkg.slug}/${useType.slug}`
  const ready = state.status === 'ready' && completeDraft(state.draft, themes)

  useEffect(() => {
    // The details step records: it is always a new document (see RecordingPageLink).
    if (state.status === 'ready' && !completeDraft(state.draft, themes)) window.location.replace(detailsHref)
  }, [state, themes, detailsHref])

  if (!ready) {
    return (
      <p className={styles.loading} role="status" aria-busy="true">
        {labels.loading}
      </p>
    )
  }

  const draft = state.draft as WizardDraft
  const theme = themes.find((option) => option.slug === draft.theme)!
  const recording = pkg.allowsRecording ? draft.recording : null
  const price = chosenPrice(prices, draft.spotifyOption)
  const lines = [{ label: labels.packagePrice, amount: price.package_price }]
  if (draft.spotifyOption) lines.push({ label: labels.streamingSurcharge, amount: price.streaming_surcharge })
  const total = price.total

  function back() {
    if (window.history.length > 1) router.back()
    else window.location.assign(detailsHref)
  }

  async function add() {
    setAdding(true)
    setFailed(false)
    const id = newCartItemId()
    let audioFile: string | null = null
    try {
      if (recording) {
        audioFile = `cart:${id}`
        await saveRecording(audioFile, recording)
      }
      addToCart({
        id,
        packageId: pkg.slug,
        typeId: useType.slug,
        theme: draft.theme,
        customTheme: draft.theme === CUSTOM_THEME ? draft.customTheme.trim() : '',
        note: draft.note.trim(),
        spotifyOption: draft.spotifyOption,
        audioFile,
        price: total,
      })
      await clearWizardDraft(pkg.slug, useType.slug).catch(() => undefined)
      router.push('/cart')
    } catch {
      // Storage full or unavailable: nothing half-stored stays behind.
      if (audioFile) await deleteRecording(audioFile).catch(() => undefined)
      setAdding(false)
      setFailed(true)
    }
  }

  return (
    <div className={styles.review}>
      <dl className={`card ${styles.choices}`}>
        <div>
          <dt>{labels.package}</dt>
          <dd>{pkg.name}</dd>
        </div>
        <div>
          <dt>{labels.useType}</dt>
          <dd>
            <span aria-hidden="true">{useType.icon} </span>
            {useType.label}
          </dd>
        </div>
        <div>
          <dt>{labels.theme}</dt>
          <dd>
            <span aria-hidden="true">{theme.icon} </span>
            {draft.theme === CUSTOM_THEME ? `${theme.label}: ${quote(draft.customTheme.trim(), locale)}` : theme.label}
          </dd>
        </div>
        <div>
          <dt>{labels.note}</dt>
          <dd className={draft.note.trim() ? styles.note : 'muted'}>{draft.note.trim() || labels.noNote}</dd>
        </div>
        <div>
          <dt>{labels.streaming}</dt>
          <dd>{draft.spotifyOption ? labels.yes : labels.no}</dd>
        </div>
        {pkg.allowsRecording && (
          <div>
            <dt>{labels.recording}</dt>
            <dd>
              {recording ? (
                <RecordingPreview blob={recording} label={labels.recordingPreview} className={styles.preview} />
              ) : (
                <span className="muted">{labels.noRecording}</span>
              )}
            </dd>
          </div>
        )}
      </dl>

      <section className={`card ${styles.prices}`} aria-label={labels.prices}>
        <PriceTable
          lines={lines}
          shippingLabel={labels.shipping}
          totalLabel={labels.total}
          total={total}
          vatNote={pricesIncludeVat ? labels.inclVat : labels.noVat}
          locale={locale}
        />
        <div className={styles.actions}>
          <button type="button" className="button secondary" onClick={back}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path fill="currentColor" d="M15.4 7.4 14 6l-6 6 6 6 1.4-1.4-4.6-4.6z" />
            </svg>
            {labels.back}
          </button>
          <button type="button" className="button" onClick={add} disabled={adding}>
            {adding ? labels.adding : labels.addToCart}
          </button>
        </div>
        {failed && (
          <p className={`error-message ${styles.error}`} role="alert">
            {labels.addFailed}
          </p>
        )}
      </section>

      {/* Slot for the direct-order form (passed in by the review page as children). */}
      {children && <div className={styles.slot}>{children}</div>}
    </div>
  )
}
