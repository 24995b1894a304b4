'use client'

import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { addCatalogItem, type CartItem, type CatalogCartItem, removeCatalogItem, removeFromCart } from '@/cart/cart-storage'
import { cartPrice, type PriceList, songPrice } from '@/checkout/display-prices'
import { useCart, useCatalogCart } from '@/cart/use-cart'
import { RecordingPageLink } from '@/components/navigation/RecordingPageLink'
import { fillTemplate } from '@/i18n/fill-template'
import { formatPrice } from '@/i18n/format-price'
import type { Locale } from '@/i18n/locales'
import { quote } from '@/i18n/quote'
import { PriceTable } from '@/components/prices/PriceTable'
import { CUSTOM_THEME, themeLabel } from '@/rules/choices'
import { sumEuros } from '@/rules/pricing'
import styles from './CartView.module.css'
import type { CartLabels } from './labels'

type Lookup = { label: string; icon: string }

type Props = {
  locale: Locale
  labels: CartLabels
  /** Package slug → name. */
  packageNames: Record<string, string>
  /** Use-type slug → label and icon. */
  useTypes: Record<string, Lookup>
  /** Focus-theme slug → label and icon. */
  themes: Record<string, Lookup>
  /** The current prices, computed by the server: the same the checkout shows. */
  prices: PriceList
  /** An album or track the buy form sent here (`/cart?add=…`), checked by the server: added once, then the address loses its query. */
  adding?: CatalogCartItem | null
}

const NOTE_PREVIEW_LENGTH = 160

// Only items with a voice recording show one: IndexedDB's reader and the player for it are loaded
// for them, not with every cart (issue 29: the cart page's first load).
const StoredRecording = lazy(() => import('./StoredRecording').then((module) => ({ default: module.StoredRecording })))

/** The first words of a long note, cut at a word boundary. */
function shorten(text: string): string {
  const trimmed = text.trim()
  if (trimmed.length <= NOTE_PREVIEW_LENGTH) return trimmed
  const cut = trimmed.slice(0, NOTE_PREVIEW_LENGTH)
  const lastSpace = cut.lastIndexOf(' ')
  return `${(lastSpace > NOTE_PREVIEW_LENGTH * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()} …`
}

/**
 * The browser's cart: one card per custom song with a remove button, shipping, total and the way
 * to checkout. Slugs are shown by their names, or as themselves when the lists no longer hold them.
 */
export function CartView({ locale, labels, packageNames, useTypes, themes, prices, adding }: Props) {
  const items = useCart()
  const catalogItems = useCatalogCart()
  const router = useRouter()
  const [announcement, setAnnouncement] = useState('')
  const listHeading = useRef<HTMLHeadingElement>(null)
  const emptyHeading = useRef<HTMLHeadingElement>(null)
  const [focusAfterRemove, setFocusAfterRemove] = useState(false)

  useEffect(() => {
    if (!focusAfterRemove || items === null) return
    ;(items.length > 0 ? listHeading : emptyHeading).current?.focus()
    setFocusAfterRemove(false)
  }, [focusAfterRemove, items])

  useEffect(() => {
    if (!adding) return
    addCatalogItem(adding)
    router.replace('/cart')
  }, [adding, router])

  const themeNames = Object.fromEntries(Object.entries(themes).map(([slug, { label }]) => [slug, label]))
  const describe = (item: CartItem) => {
    const packageName = packageNames[item.packageId] ?? item.packageId
    const useType = useTypes[item.typeId]?.label ?? item.typeId
    const theme = themeLabel(item, themeNames)
    return [packageName, [useType, theme].filter(Boolean).join(', ')].filter(Boolean).join(' – ')
  }

  async function remove(item: CartItem) {
    setAnnouncement(fillTemplate(labels.removed, { item: describe(item) }))
    setFocusAfterRemove(true)
    await removeFromCart(item.id)
  }

  const status = (
    <p className="visually-hidden" role="status">
      {announcement}
    </p>
  )

  function removeCatalog(item: CatalogCartItem) {
    setAnnouncement(fillTemplate(labels.removed, { item: item.title }))
    setFocusAfterRemove(true)
    removeCatalogItem(item.id)
  }

  // On the server and while hydrating, the cart is not known yet: the empty state is rendered
  // (shown at once to the many whose cart is empty; the same markup stays when it turns out
  // empty), and the head script hides it for a filled cart, which shows the loading note instead.
  const known = items !== null && catalogItems !== null
  if (!known || (items.length === 0 && catalogItems.length === 0)) {
    return (
      <>
        <div className={styles.empty} data-cart-unknown={known ? undefined : ''}>
          {status}
          <h2 ref={emptyHeading} tabIndex={-1} className={styles.focusTarget}>
            {labels.empty}
          </h2>
          <p className="muted">{labels.emptyText}</p>
          <Link className="button" href="/custom-songs">
            {labels.startWizard}
          </Link>
        </div>
        {!known && (
          <p className={styles.loading} role="status" aria-busy="true">
            {labels.loading}
          </p>
        )}
      </>
    )
  }

  const songsTotal = cartPrice(items, prices).total
  const catalogTotal = sumEuros(catalogItems.map((item) => item.amount))
  const total = sumEuros([songsTotal, catalogTotal])
  const plural = (count: number, one: string, other: string) => fillTemplate(new Intl.PluralRules(locale).select(count) === 'one' ? one : other, { count })
  return (
    <div className={styles.cart}>
      {status}
      <section aria-labelledby="cart-items-title">
        <h2 id="cart-items-title" ref={listHeading} tabIndex={-1} className={`visually-hidden ${styles.focusTarget}`}>
          {labels.items}
        </h2>
        <ul className={styles.items} role="list">
          {catalogItems.map((item) => (
            <li key={item.id} className={`card ${styles.item}`} data-catalog-item={item.id}>
              <div className={styles.itemHead}>
                <h3 className={styles.itemTitle}>{item.title}</h3>
                <p className={styles.itemPrice}>
                  <span className="visually-hidden">{labels.price}: </span>
                  {formatPrice(item.amount, locale)}
                </p>
              </div>
              <p className="muted">
                {item.kind === 'music-group' ? labels.catalogAlbum : labels.catalogTrack} ·{' '}
                {item.formats.map((format) => labels[`format_${format}`]).join(', ')}
              </p>
              <button
                type="button"
                className={`button secondary ${styles.remove}`}
                aria-label={fillTemplate(labels.removeLabel, { item: item.title })}
                onClick={() => removeCatalog(item)}
              >
                <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                  <path fill="currentColor" d="M9 3v1H4v2h16V4h-5V3zM6 8l1 13h10l1-13zm4 2h1.5v9H10zm2.5 0H14v9h-1.5z" />
                </svg>
                {labels.remove}
              </button>
            </li>
          ))}
          {items.map((item) => {
            const packageName = packageNames[item.packageId] ?? item.packageId
            const useType = useTypes[item.typeId]
            const theme = themes[item.theme]
            return (
              <li key={item.id} className={`card ${styles.item}`}>
                <div className={styles.itemHead}>
                  <h3 className={styles.itemTitle}>{packageName}</h3>
                  <p className={styles.itemPrice}>
                    <span className="visually-hidden">{labels.price}: </span>
                    {formatPrice(songPrice(item, prices).total, locale)}
                  </p>
                </div>
                <dl className={styles.facts}>
                  {item.typeId && (
                    <div>
                      <dt>{labels.useType}</dt>
                      <dd>
                        {useType?.icon && <span aria-hidden="true">{useType.icon} </span>}
                        {useType?.label ?? item.typeId}
                      </dd>
                    </div>
                  )}
                  {item.theme && (
                    <div>
                      <dt>{labels.theme}</dt>
                      <dd>
                        {theme?.icon && <span aria-hidden="true">{theme.icon} </span>}
                        {theme?.label ?? item.theme}
                        {item.theme === CUSTOM_THEME && item.customTheme && `: ${quote(item.customTheme, locale)}`}
                      </dd>
                    </div>
                  )}
                  {item.note.trim() && (
                    <div>
                      <dt>{labels.note}</dt>
                      <dd className={styles.note} title={item.note.length > NOTE_PREVIEW_LENGTH ? item.note : undefined}>
                        {shorten(item.note)}
                      </dd>
                    </div>
                  )}
                </dl>
                {(item.spotifyOption || item.audioFile) && (
                  <ul className={styles.extras} role="list">
                    {item.spotifyOption && <li className={styles.extra}>{labels.streaming}</li>}
                    {item.audioFile && <li className={styles.extra}>{labels.recording}</li>}
                  </ul>
                )}
                {item.audioFile && (
                  <Suspense fallback={null}>
                    <StoredRecording
                      fileKey={item.audioFile}
                      label={fillTemplate(labels.recordingPreview, { name: packageName })}
                      missing={labels.recordingMissing}
                    />
                  </Suspense>
                )}
                <button
                  type="button"
                  className={`button secondary ${styles.remove}`}
                  aria-label={fillTemplate(labels.removeLabel, { item: describe(item) })}
                  onClick={() => remove(item)}
                >
                  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                    <path fill="currentColor" d="M9 3v1H4v2h16V4h-5V3zM6 8l1 13h10l1-13zm4 2h1.5v9H10zm2.5 0H14v9h-1.5z" />
                  </svg>
                  {labels.remove}
                </button>
              </li>
            )
          })}
        </ul>
      </section>

      <aside className={`card ${styles.summary}`} aria-labelledby="cart-summary-title">
        <h2 id="cart-summary-title" className={styles.summaryTitle}>
          {labels.summary}
        </h2>
        <PriceTable
          lines={[
            ...(items.length > 0 ? [{ label: plural(items.length, labels.subtotalOne, labels.subtotalOther), amount: songsTotal }] : []),
            ...(catalogItems.length > 0
              ? [{ label: plural(catalogItems.length, labels.catalogSubtotalOne, labels.catalogSubtotalOther), amount: catalogTotal }]
              : []),
          ]}
          shippingLabel={labels.shipping}
          totalLabel={labels.total}
          total={total}
          vatNote={prices.vatMode === 'small_business' ? labels.noVat : labels.inclVat}
          locale={locale}
        />
        {catalogItems.length > 0 && <p className="muted">{labels.catalogCheckoutHint}</p>}
        {(items.length > 0 || catalogItems.length > 0) && (
          <RecordingPageLink className={`button ${styles.checkout}`} href="/checkout">
            {labels.checkout}
          </RecordingPageLink>
        )}
        <Link className={styles.another} href="/custom-songs">
          {labels.addAnother}
        </Link>
      </aside>
    </div>
  )
}
