import { PriceTable } from '@/components/prices/PriceTable'
import { fillTemplate } from '@/i18n/fill-template'
import { formatPrice } from '@/i18n/format-price'
import type { Locale } from '@/i18n/locales'
import type { Messages } from '@/i18n/messages/de'
import type { PurchaseAsListed } from '@/purchases/purchase-request'
import { SALE_FORMAT_LABELS, SALE_FORMATS, type SaleFormat } from '@/rules/catalog-sale'

/** The VAT note of a purchase: one rate named, several summed up, none the small-business note. */
export function purchaseVatNote(purchase: Pick<PurchaseAsListed, 'lines' | 'vat_amount'>, messages: Messages, locale: Locale): string {
  const rates = new Set(purchase.lines.map((line) => line.vat_rate).filter((rate) => rate > 0))
  const amount = formatPrice(purchase.vat_amount, locale)
  if (rates.size === 0 || purchase.vat_amount <= 0) return messages.checkout.smallBusiness
  if (rates.size === 1) return fillTemplate(messages.checkout.vatIncluded, { rate: [...rates][0], amount })
  return fillTemplate(messages.catalogPurchase.vatIncludedMixed, { amount })
}

const formatLabels = (formats: string[]): string =>
  formats
    .filter((format): format is SaleFormat => SALE_FORMATS.includes(format as SaleFormat))
    .map((format) => SALE_FORMAT_LABELS[format])
    .join(', ')

/** What a purchase holds, line by line with the formats, and its total with the VAT it contains (as fixed when it was placed). */
export function PurchaseSummary({ purchase, messages, locale }: { purchase: PurchaseAsListed; messages: Messages; locale: Locale }) {
  const labels = messages.catalogPurchase
  const lineLabel = (line: PurchaseAsListed['lines'][number]) => {
    const kind = line.kind === 'tip' ? labels.tipLine : line.kind === 'music-group' ? labels.album : labels.track
    const formats = line.formats.length > 0 ? ` · ${fillTemplate(labels.formats, { formats: formatLabels(line.formats) })}` : ''
    return line.kind === 'tip' ? line.title : `${line.title} (${kind}${formats})`
  }
  return (
    <PriceTable
      lines={purchase.lines.map((line) => ({ label: lineLabel(line), amount: line.amount }))}
      shippingLabel={messages.checkout.shipping}
      totalLabel={messages.checkout.total}
      total={purchase.total}
      vatNote={purchaseVatNote(purchase, messages, locale)}
      locale={locale}
    />
  )
}
