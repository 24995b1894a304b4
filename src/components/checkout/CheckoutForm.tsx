'use client'

import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { lazy, Suspense, useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { type CartItem, readCart, removeFromCart, writeCart } from '@/cart/cart-storage'
import { loadRecording, saveRecording } from '@/cart/recording-store'
import { useCart } from '@/cart/use-cart'
import { type Billing, checkOutCart, goTo, pathAfterOrdering } from '@/checkout/send-orders'
import { fillTemplate } from '@/i18n/fill-template'
import { formatPrice } from '@/i18n/format-price'
import type { Locale } from '@/i18n/locales'
import type { ChoiceNames } from '@/catalog/wizard-choices'
import { type PriceList, songPrice } from '@/checkout/display-prices'
import { HydratedFieldset } from '@/components/forms/HydratedFieldset'
import type { RecorderLabels } from '@/components/recorder/labels'
import { themeLabel } from '@/rules/choices'
import checkout from './Checkout.module.css'
import { followAfterOrdering } from '@/checkout/follow-after-ordering'
import { billingOf, type CheckoutLabels, type ConsentLabels, consentDefaults, consentsOf, OrderConsent, type OrderConsentValues } from './OrderConsent'
import { OrderTotal } from './OrderTotal'

/** Needed only for a higher package without a recording yet, so loaded on demand. */
const AudioRecorder = lazy(() => import('@/components/recorder/AudioRecorder').then((module) => ({ default: module.AudioRecorder })))

/**
 * The logged-in checkout (spec sections 2 and 4, German shop law): every item with its options,
 * the total with VAT included, payment method, the two unticked consent checkboxes, a recording for the
 * higher packages when the wizard had none, and the "zahlungspflichtig bestellen" button.
 */
export function CheckoutForm({
  labels,
  consentLabels,
  names,
  prices,
  recorderLabels,
  onlinePayment,
  billing,
  locale,
  keepPostedLabel,
}: {
  labels: CheckoutLabels
  consentLabels: ConsentLabels
  names: ChoiceNames
  prices: PriceList
  recorderLabels: RecorderLabels
  /** Whether card and PayPal can be taken now (Stripe configured). */
  onlinePayment: boolean
  /** The invoice details of the customer's last order, to start from. */
  billing: Billing
  locale: Locale
  /** The optional, unticked "Keep me posted about new music" box (issue 32). */
  keepPostedLabel: string
}) {
  const router = useRouter()
  const items = useCart()
  const [recordings, setRecordings] = useState<Record<string, Blob | null>>({})
  const [failed, setFailed] = useState(false)
  const [keepPosted, setKeepPosted] = useState(false)
  const { register, handleSubmit, formState } = useForm<OrderConsentValues>({ defaultValues: consentDefaults(billing) })
  const { errors, isSubmitting } = formState

  // Recordings live in IndexedDB; load each item's once.
  useEffect(() => {
    for (const item of items ?? []) {
      if (item.audioFile && !(item.id in recordings)) {
        loadRecording(item.audioFile).then((blob) => setRecordings((current) => ({ ...current, [item.id]: blob })))
      }
    }
  }, [items, recordings])

  /** A recording made here is kept with the cart item, so a reload or a failed attempt keeps it. */
  async function recordFor(item: CartItem, blob: Blob | null) {
    setRecordings((current) => ({ ...current, [item.id]: blob }))
    if (blob) await saveRecording(`cart:${item.id}`, blob)
    writeCart(readCart().map((stored) => (stored.id === item.id ? { ...stored, audioFile: blob ? `cart:${item.id}` : null } : stored)))
  }

  async function order(values: OrderConsentValues) {
    const { paymentMethod } = values
    if (!items || !paymentMethod) return
    setFailed(false)
    let orderIds: number[]
    try {
      const terms = { paymentMethod, billing: billingOf(values), consents: consentsOf(values), locale }
      orderIds = await checkOutCart(
        items,
        terms,
        async (item) => recordings[item.id] ?? (item.audioFile ? loadRecording(item.audioFile) : null),
        removeFromCart,
      )
    } catch (error) {
      console.error(error)
      setFailed(true)
      return
    }
    if (keepPosted) await followAfterOrdering(locale)
    goTo(await pathAfterOrdering(orderIds, paymentMethod), router.push)
  }

  if (items === null) return <p role="status">{labels.loading}</p>
  if (items.length === 0) {
    return (
      <div className={checkout.empty}>
        <p>{labels.empty}</p>
        <Link className="button" href="/custom-songs">
          {labels.toCustomSongs}
        </Link>
      </div>
    )
  }

  return (
    <form className={checkout.layout} onSubmit={handleSubmit(order)} noValidate>
      <HydratedFieldset>
        <section aria-labelledby="summary-title" className={checkout.summary}>
          <h2 id="summary-title">{labels.summaryTitle}</h2>
          <ul role="list" className={checkout.items}>
            {items.map((item) => (
              <li key={item.id} className="card">
                <CheckoutItem item={item} names={names} prices={prices} labels={labels} locale={locale} hasRecording={Boolean(recordings[item.id])} />
                {prices.packages[item.packageId]?.allowsRecording && !item.audioFile && (
                  <div className={checkout.recording}>
                    <h3>{fillTemplate(labels.recordingTitle, { name: names.packages[item.packageId] ?? item.packageId })}</h3>
                    <p className="muted">{labels.recordingIntro}</p>
                    <Suspense>
                      <AudioRecorder value={recordings[item.id] ?? null} onChange={(blob) => recordFor(item, blob)} labels={recorderLabels} />
                    </Suspense>
                  </div>
                )}
              </li>
            ))}
          </ul>
          <OrderTotal items={items} prices={prices} labels={labels} locale={locale} />
        </section>

        <OrderConsent
          register={register}
          errors={errors}
          labels={labels}
          consentLabels={consentLabels}
          onlinePayment={onlinePayment}
          billingOpen={Boolean(billing.name || billing.address)}
          locale={locale}
        />

        <label className={checkout.keepPosted}>
          <input type="checkbox" name="keep_posted" checked={keepPosted} onChange={(event) => setKeepPosted(event.target.checked)} />
          <span>{keepPostedLabel}</span>
        </label>

        {failed && (
          <p className="error-message" role="alert">
            {labels.failed}
          </p>
        )}
        <button type="submit" className={`button ${checkout.orderButton}`} disabled={isSubmitting}>
          {isSubmitting ? labels.sending : labels.orderButton}
        </button>
      </HydratedFieldset>
    </form>
  )
}

function CheckoutItem({
  item,
  names,
  prices,
  labels,
  locale,
  hasRecording,
}: {
  item: CartItem
  names: ChoiceNames
  prices: PriceList
  labels: CheckoutLabels
  locale: Locale
  hasRecording: boolean
}) {
  const theme = themeLabel(item, names.themes)
  const options = [
    names.useTypes[item.typeId] ?? item.typeId,
    theme,
    item.spotifyOption ? `${labels.streaming} (+${formatPrice(prices.streamingSurcharge, locale)})` : null,
    hasRecording ? labels.withRecording : null,
  ].filter(Boolean)
  return (
    <div className={checkout.item}>
      <div>
        <h3>{names.packages[item.packageId] ?? item.packageId}</h3>
        <p className="muted">{options.join(' · ')}</p>
        {item.note && <p className={checkout.note}>{item.note}</p>}
      </div>
      <p className={checkout.price}>{formatPrice(songPrice(item, prices).total, locale)}</p>
    </div>
  )
}
