import type { Payload } from 'payload'
import type { Order, Setting, User } from '../../payload-types'
import { choiceNames } from '@/catalog/wizard-choices'
import { formatDate } from '@/i18n/format-date'
import { formatPrice } from '@/i18n/format-price'
import type { Locale } from '@/i18n/locales'
import { messagesFor, translatorFor } from '@/i18n/translator'
import { isOrderStatus } from '@/orders/status'
import { packageLabel, paymentMethodLabel, themeLabel } from '@/rules/choices'
import type { MailBlock } from './layout'
import { shopLink } from './layout'
import { idOf } from '@/site/relation-id'

export type OrderForMail = { order: Order; customer: User; settings: Setting }

/** The order, its customer and the trader's settings, as they are when the mail is sent. */
export async function loadOrderForMail(payload: Payload, orderId: unknown): Promise<OrderForMail> {
  if (typeof orderId !== 'number') throw new Error('The mail names no order.')
  const order = await payload.findByID({ collection: 'orders', id: orderId, depth: 0 })
  const customerId = idOf(order.customer)
  const [customer, settings] = await Promise.all([
    payload.findByID({ collection: 'users', id: customerId, depth: 0 }),
    payload.findGlobal({ slug: 'settings', depth: 0 }),
  ])
  return { order, customer, settings }
}

/** Display name of one stored slug in the mail's language, or the slug itself. */
/** How the customer is greeted: the billing name they gave, else their username. */
export const greetingName = ({ order, customer }: OrderForMail) => order.billing_name?.trim() || customer.username || customer.email

const ORDER_LABELS: Record<Locale, { number: string; orderedOn: string }> = {
  de: { number: 'Bestellnummer', orderedOn: 'Bestellt am' },
  en: { number: 'Order number', orderedOn: 'Ordered on' },
}

/** What was ordered, as label/value rows (the same words as the order page). */
export async function orderFacts(payload: Payload, { order }: OrderForMail, locale: Locale): Promise<MailBlock> {
  const messages = messagesFor(locale)
  const labels = messages.account
  const names = await choiceNames(payload, locale)
  const packageName = packageLabel(order, names.packages)
  const useType = order.use_type ? (names.useTypes[order.use_type] ?? order.use_type) : null
  const theme = themeLabel({ theme: order.theme, customTheme: order.custom_theme }, names.themes)
  const rows: Array<[string, string]> = [
    [ORDER_LABELS[locale].number, String(order.id)],
    [ORDER_LABELS[locale].orderedOn, formatDate(order.createdAt, locale)],
    [labels.package, packageName],
  ]
  if (useType) rows.push([labels.useType, useType])
  rows.push([labels.theme, theme])
  if (order.personal_note) rows.push([labels.note, order.personal_note])
  rows.push([messages.orderPage.paymentMethod, paymentMethodLabel(order.payment_method, locale)])
  if (isOrderStatus(order.status)) rows.push([labels.status, labels.statuses[order.status]])
  return { facts: rows }
}

/** The price lines with the total and the VAT it includes (or the § 19 UStG note). */
export async function priceFacts({ order }: OrderForMail, locale: Locale): Promise<MailBlock[]> {
  const messages = messagesFor(locale)
  const t = await translatorFor(locale)
  const rows: Array<[string, string]> = [[packageLabel(order), formatPrice(order.package_price ?? 0, locale)]]
  if (order.spotify_option) rows.push([messages.account.streaming, formatPrice(order.streaming_surcharge ?? 0, locale)])
  rows.push([messages.checkout.total, formatPrice(order.total ?? 0, locale)])
  const vatRate = order.vat_rate ?? 0
  const vatNote =
    vatRate > 0 ? t('checkout.vatIncluded', { rate: vatRate, amount: formatPrice(order.vat_amount ?? 0, locale) }) : messages.checkout.smallBusiness
  return [{ facts: rows }, { paragraph: vatNote }]
}

/** The button to the order in the customer's account. */
export const orderButton = (order: Order, label: string): MailBlock => ({ button: { label, url: shopLink(`/account/orders/${order.id}`) } })
