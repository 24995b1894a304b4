'use client'

import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { lazy, Suspense, useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { type CartItem, type CatalogCartItem, newCartItemId, readCart, removeCatalogItem, removeFromCart, writeCart } from '@/cart/cart-storage'
import { loadRecording, saveRecording } from '@/cart/recording-store'
import { useCart, useCatalogCart } from '@/cart/use-cart'
import { type Billing, checkOutCart, goTo, pathAfterOrdering } from '@/checkout/send-orders'
import { pathAfterPurchase, PurchaseFailed, placePurchase, purchaseItemsOf, purchaseRequest } from '@/buying/send-purchase'
import { fillTemplate } from '@/i18n/fill-template'
import { formatPrice } from '@/i18n/format-price'
import type { Locale } from '@/i18n/locales'
import type { ChoiceNames } from '@/catalog/wizard-choices'
import { cartPrice, type PriceList, songPrice } from '@/checkout/display-prices'
import { HydratedFieldset } from '@/components/forms/HydratedFieldset'
import type { RecorderLabels } from '@/components/recorder/labels'
import { SALE_FORMAT_LABELS } from '@/rules/catalog-sale'
import { themeLabel } from '@/rules/choices'
import { digitalSaleVat } from '@/rules/digital-vat'
import { containedVatCents, sumEuros, toCents, toEuros } from '@/rules/pricing'
import { PriceTable } from '@/components/prices/PriceTable'
import checkout from './Checkout.module.css'
import { followAfterOrdering } from '@/checkout/follow-after-ordering'
import {
  billingOf,
  type CheckoutLabels,
  type ConsentLabels,
  consentDefaults,
  consentsOf,
  OrderConsent,
  type OrderConsentValues,
  type PurchaseLabels,
} from './OrderConsent'

/** Needed only for a higher package without a recording yet, so loaded on demand. */
const AudioRecorder = lazy(() => import('@/components/recorder/AudioRecorder').then((module) => ({ default: module.AudioRecorder })))

/**
 * The logged-in checkout (spec sections 2 and 4, German shop law): every item with its options,
 * the total with VAT included, payment method, the two unticked consent checkboxes, a recording for the
 * higher packages when the wizard had none, and the "zahlungspflichtig bestellen" button.
 *
 * Albums and tracks (issue 33) are listed beside the custom songs and bought as one purchase
 * (POST /api/purchases/) after the songs' orders: with them come the billing country and the
 * download consent. Only downloads paid online go straight on to Stripe's page, by prepayment to
 * the purchase's page with the bank details; songs and downloads together to the account.
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
  purchaseLabels,
  countries,
  ossRegistered,
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
  purchaseLabels: PurchaseLabels
  /** The billing countries offered for downloads, named in the page's language. */
  countries: { code: string; name: string }[]
  /** The seller is registered for the One-Stop-Shop (settings): the buyer's country may set the downloads' VAT rate. */
  ossRegistered: boolean
}) {
  const router = useRouter()
  const items = useCart()
  const catalogItems = useCatalogCart()
  const [recordings, setRecordings] = useState<Record<string, Blob | null>>({})
  const [failed, setFailed] = useState<{ detail: string | null } | null>(null)
  const [keepPosted, setKeepPosted] = useState(false)
  // One key while the page is open: buying again after a lost answer returns the purchase already placed.
  const [purchaseKey] = useState(newCartItemId)
  const { register, handleSubmit, formState, watch } = useForm<OrderConsentValues>({ defaultValues: consentDefaults(billing) })
  const { errors, isSubmitting } = formState
  const billingCountry = watch('billingCountry')

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
    if (!items || !catalogItems || !paymentMethod) return
    setFailed(null)
    let orderIds: number[]
    let purchase: Awaited<ReturnType<typeof placePurchase>> | null = null
    try {
      const terms = { paymentMethod, billing: billingOf(values), consents: consentsOf(values), locale }
      orderIds = await checkOutCart(
        items,
        terms,
        async (item) => recordings[item.id] ?? (item.audioFile ? loadRecording(item.audioFile) : null),
        removeFromCart,
      )
      if (catalogItems.length > 0) {
        const request = purchaseRequest(purchaseItemsOf(catalogItems), {
          paymentMethod,
          termsAccepted: values.termsAccepted,
          digitalContentConsent: values.digitalContentConsent,
          billing: { ...billingOf(values), country: values.billingCountry },
        })
        purchase = await placePurchase(purchaseKey, request, locale)
        for (const item of catalogItems) removeCatalogItem(item.id)
      }
    } catch (error) {
      console.error(error)
      setFailed({ detail: error instanceof PurchaseFailed ? error.detail : null })
      return
    }
    if (keepPosted) await followAfterOrdering(locale)
    if (purchase && orderIds.length > 0) goTo('/account', router.push)
    else if (purchase) goTo(await pathAfterPurchase(purchase), router.push)
    else goTo(await pathAfterOrdering(orderIds, paymentMethod), router.push)
  }

  if (items === null || catalogItems === null) return <p role="status">{labels.loading}</p>
  if (items.length === 0 && catalogItems.length === 0) {
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
            {catalogItems.map((item) => (
              <li key={item.id} className="card" data-catalog-item={item.id}>
                <CatalogCheckoutItem item={item} labels={purchaseLabels} locale={locale} />
              </li>
            ))}
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
          <CheckoutTotal
            items={items}
            catalogItems={catalogItems}
            catalogVatRate={digitalSaleVat({ vatMode: prices.vatMode, ossRegistered, buyerCountry: billingCountry || null }).ratePercent}
            prices={prices}
            labels={labels}
            purchaseLabels={purchaseLabels}
            locale={locale}
          />
        </section>

        <OrderConsent
          register={register}
          errors={errors}
          labels={labels}
          consentLabels={consentLabels}
          onlinePayment={onlinePayment}
          billingOpen={Boolean(billing.name || billing.address)}
          locale={locale}
          commission={items.length > 0}
          downloads={catalogItems.length > 0 ? { labels: purchaseLabels, countries } : undefined}
        />

        <label className={checkout.keepPosted}>
          <input type="checkbox" name="keep_posted" checked={keepPosted} onChange={(event) => setKeepPosted(event.target.checked)} />
          <span>{keepPostedLabel}</span>
        </label>

        {failed && (
          <p className="error-message" role="alert">
            {labels.failed}
            {failed.detail && (
              <>
                <br />
                {failed.detail}
              </>
            )}
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

/** An album or track as the checkout lists it: its title, what it is, the formats, the amount chosen. */
function CatalogCheckoutItem({ item, labels, locale }: { item: CatalogCartItem; labels: PurchaseLabels; locale: Locale }) {
  return (
    <div className={checkout.item}>
      <div>
        <h3>{item.title}</h3>
        <p className="muted">
          {item.kind === 'music-group' ? labels.album : labels.track} ·{' '}
          {fillTemplate(labels.formats, { formats: item.formats.map((format) => SALE_FORMAT_LABELS[format]).join(', ') })}
        </p>
      </div>
      <p className={checkout.price}>{formatPrice(item.amount, locale)}</p>
    </div>
  )
}

/**
 * Shipping, the total and the VAT it contains, right above the order button (§ 312j BGB): the
 * songs' VAT as their orders fix it, the downloads' at the rate for the billing country chosen
 * (src/rules/digital-vat.ts; the server fixes it again when the purchase is placed).
 */
function CheckoutTotal({
  items,
  catalogItems,
  catalogVatRate,
  prices,
  labels,
  purchaseLabels,
  locale,
}: {
  items: CartItem[]
  catalogItems: CatalogCartItem[]
  catalogVatRate: number
  prices: PriceList
  labels: CheckoutLabels
  purchaseLabels: PurchaseLabels
  locale: Locale
}) {
  const songs = cartPrice(items, prices)
  const downloadsTotal = sumEuros(catalogItems.map((item) => item.amount))
  const downloadsVat = toEuros(catalogItems.reduce((sum, item) => sum + containedVatCents(toCents(item.amount), catalogVatRate), 0))
  const total = sumEuros([songs.total, downloadsTotal])
  const vat = sumEuros([songs.vat, downloadsVat])
  const rates = new Set([...(items.length > 0 ? [songs.vatRate] : []), ...(catalogItems.length > 0 ? [catalogVatRate] : [])])
  const [rate] = [...rates]
  const vatNote =
    vat <= 0
      ? labels.smallBusiness
      : rates.size === 1
        ? fillTemplate(labels.vatIncluded, { rate, amount: formatPrice(vat, locale) })
        : fillTemplate(purchaseLabels.vatIncludedMixed, { amount: formatPrice(vat, locale) })
  const lines =
    items.length > 0 && catalogItems.length > 0
      ? [
          { label: purchaseLabels.songsSubtotal, amount: songs.total },
          { label: purchaseLabels.downloadsSubtotal, amount: downloadsTotal },
        ]
      : []
  return <PriceTable lines={lines} shippingLabel={labels.shipping} totalLabel={labels.total} total={total} vatNote={vatNote} locale={locale} />
}
