import { cartPrice, type PricedSong, type PriceList } from '@/checkout/display-prices'
import { fillTemplate } from '@/i18n/fill-template'
import { formatPrice } from '@/i18n/format-price'
import type { Locale } from '@/i18n/locales'
import checkout from './Checkout.module.css'
import type { CheckoutLabels } from './OrderConsent'

/** Shipping, the total and the VAT it contains, shown right above an order button (§ 312j BGB). */
export function OrderTotal({ items, prices, labels, locale }: { items: PricedSong[]; prices: PriceList; labels: CheckoutLabels; locale: Locale }) {
  const { total, vat, vatRate } = cartPrice(items, prices)
  return (
    <div>
      <dl className={checkout.totals}>
        <dt>{labels.shipping}</dt>
        <dd>{formatPrice(0, locale)}</dd>
        <dt className={checkout.total}>{labels.total}</dt>
        <dd className={checkout.total}>{formatPrice(total, locale)}</dd>
      </dl>
      <p className="muted">
        {vatRate > 0 ? fillTemplate(labels.vatIncluded, { rate: vatRate, amount: formatPrice(vat, locale) }) : labels.smallBusiness}
      </p>
    </div>
  )
}
