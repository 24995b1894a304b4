import { cartPrice, type PricedSong, type PriceList } from '@/checkout/display-prices'
import { PriceTable } from '@/components/prices/PriceTable'
import { fillTemplate } from '@/i18n/fill-template'
import { formatPrice } from '@/i18n/format-price'
import type { Locale } from '@/i18n/locales'
import type { CheckoutLabels } from './OrderConsent'

/** Shipping, the total and the VAT it contains, shown right above an order button (§ 312j BGB). */
export function OrderTotal({ items, prices, labels, locale }: { items: PricedSong[]; prices: PriceList; labels: CheckoutLabels; locale: Locale }) {
  const { total, vat, vatRate } = cartPrice(items, prices)
  const vatNote = vatRate > 0 ? fillTemplate(labels.vatIncluded, { rate: vatRate, amount: formatPrice(vat, locale) }) : labels.smallBusiness
  return <PriceTable lines={[]} shippingLabel={labels.shipping} totalLabel={labels.total} total={total} vatNote={vatNote} locale={locale} />
}
