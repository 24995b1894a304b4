import { formatPrice } from '@/i18n/format-price'
import type { Locale } from '@/i18n/locales'
import type { Translate } from '@/i18n/translator'
import type { CatalogItemKind } from '@/rules/catalog-sale'
import type { SerializedOffer } from '@/catalog/sale-offer'
import { FREE_DOWNLOAD_ROUTES } from '@/site/routes'
import styles from './BuyForm.module.css'

/** Where the buy forms post (src/app/api/cart/items/route.ts). */
const CART_ITEMS_ACTION = '/api/cart/items/'

/** The formats' names as a buyer reads them: "MP3 (320 kbit/s), FLAC, Original". */
export const formatNames = (offer: SerializedOffer, t: Translate): string => offer.formats.map((format) => t(`sale.format.${format}`)).join(', ')

/**
 * "Kaufen" / "Buy" for an album or a track (issue 33): the price with its VAT note (or the § 19
 * UStG note), the formats named before buying, and for name-your-price an amount field prefilled
 * with the suggested price that refuses less than the minimum. A plain HTML form posting to a
 * route handler, which checks the amount again and puts the item into the cart: it works without
 * JavaScript and adds none to the page (a server component, issue 29's budget).
 * `compact` is a track row's: the button and the field only, the formats and the VAT note stand above the table.
 */
export function BuyForm({
  kind,
  id,
  title,
  offer,
  vatNote,
  locale,
  t,
  compact = false,
}: {
  kind: CatalogItemKind
  id: number
  title: string
  offer: SerializedOffer
  vatNote: string
  locale: Locale
  t: Translate
  compact?: boolean
}) {
  const fieldId = `buy-${kind}-${id}-amount`
  const free = offer.mode === 'name_your_price' && offer.minimum === 0
  return (
    <form className={compact ? `${styles.form} ${styles.compact}` : styles.form} method="post" action={CART_ITEMS_ACTION} data-buy={`${kind}-${id}`}>
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="locale" value={locale} />
      {offer.mode === 'fixed_price' ? (
        <>
          <input type="hidden" name="amount" value={offer.price.toFixed(2)} />
          <button className="button" type="submit" aria-label={compact ? t('sale.buyForItem', { title, price: formatPrice(offer.price, locale) }) : undefined}>
            {compact ? (
              <>
                {/* A phone's track row has room for the price alone; the button's name still says what it buys. */}
                <span className={styles.wideText}>{t('sale.buyFor', { price: formatPrice(offer.price, locale) })}</span>
                <span className={styles.narrowText}>{formatPrice(offer.price, locale)}</span>
              </>
            ) : (
              t('sale.buyFor', { price: formatPrice(offer.price, locale) })
            )}
          </button>
        </>
      ) : (
        <>
          <label className={styles.amount} htmlFor={fieldId}>
            <span className={compact ? 'visually-hidden' : undefined}>
              {free ? t('sale.amountFree') : t('sale.amountAtLeast', { minimum: formatPrice(offer.minimum, locale) })}
            </span>
            <span className={styles.euro}>
              <input
                id={fieldId}
                name="amount"
                type="number"
                inputMode="decimal"
                min={offer.minimum.toFixed(2)}
                max={offer.maximum.toFixed(2)}
                step="0.01"
                required
                defaultValue={offer.suggested.toFixed(2)}
                aria-describedby={compact ? undefined : `${fieldId}-note`}
              />
              <span aria-hidden="true">€</span>
            </span>
          </label>
          <button className="button" type="submit" aria-label={compact ? t('sale.buyItem', { title }) : undefined}>
            {t('sale.buy')}
          </button>
          {/* Free to take (minimum 0): straight to the free download, no cart and no payment (src/free-downloads/). */}
          {free && (
            <a
              className="button secondary"
              href={`${FREE_DOWNLOAD_ROUTES[locale]}?kind=${kind}&id=${id}`}
              aria-label={compact ? t('freeDownload.linkItem', { title }) : undefined}
              data-free-download-link={`${kind}-${id}`}
            >
              {t('freeDownload.link')}
            </a>
          )}
        </>
      )}
      {!compact && (
        <p className={styles.note} id={`${fieldId}-note`}>
          {vatNote} · {t('sale.formats', { formats: formatNames(offer, t) })}
          {free && <> · {t('sale.freeNote')}</>}
        </p>
      )}
    </form>
  )
}
