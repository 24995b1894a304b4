import type { Payload } from 'payload'
import { groupOffer, trackOffer } from '@/catalog/sale-offer'
import { visitorRead } from '@/catalog/visitor-read'
import { parseDocumentId } from '@/http/document-id'
import type { Locale } from '@/i18n/locales'
import { CATALOG_ITEM_KINDS, type CatalogItemKind, chosenAmountCents, type SaleFormat, type SaleOffer } from '@/rules/catalog-sale'
import { toEuros } from '@/rules/pricing'
import { type Outcome, refuse } from '@/site/outcome'

/** A catalog item as the cart keeps it: what is bought, the amount chosen (euros) and the formats it comes in. */
export type CatalogCartItem = { kind: CatalogItemKind; id: number; title: string; amount: number; formats: SaleFormat[] }

const isKind = (value: unknown): value is CatalogItemKind => CATALOG_ITEM_KINDS.includes(value as CatalogItemKind)

/** A published album or track and its offer, read as a visitor; null when there is none or it is not for sale. */
async function offerOf(payload: Payload, kind: CatalogItemKind, id: number, locale: Locale): Promise<{ title: string; offer: SaleOffer } | null> {
  if (kind === 'track') {
    const track = await payload.findByID({ collection: 'tracks', id, ...visitorRead(locale), depth: 1, disableErrors: true })
    const offer = track && trackOffer(track)
    return track && offer ? { title: track.title, offer } : null
  }
  const group = await payload.findByID({ collection: 'music-groups', id, ...visitorRead(locale), depth: 2, disableErrors: true })
  const offer = group && groupOffer(group)
  return group && offer ? { title: group.title, offer } : null
}

/** A checked catalog item and the kind of offer it was checked against (a purchase records whether the buyer named the price). */
export type CheckedCatalogItem = { item: CatalogCartItem; mode: SaleOffer['mode'] }

/**
 * Checks a catalog item a visitor wants to put into the cart, whatever the browser sent: the album
 * or track exists, is published and for sale, and the amount is what its offer allows (a fixed
 * price is the offer's; name-your-price at least the minimum, at most the maximum, whole cents:
 * src/rules/catalog-sale.ts). Nothing is stored; the checkout checks the same again
 * (src/purchases/place-purchase.ts, with the offer's mode).
 */
export async function checkCatalogItem(payload: Payload, fields: Record<string, unknown>, locale: Locale): Promise<Outcome<CheckedCatalogItem>> {
  if (!isKind(fields.kind)) return refuse(400, 'kind must be "music-group" or "track".', { code: 'invalid_request', field: 'kind' })
  const id = parseDocumentId(typeof fields.id === 'number' ? String(fields.id) : typeof fields.id === 'string' ? fields.id : '')
  if (id === null) return refuse(400, 'id must be the id of an album or a track.', { code: 'invalid_request', field: 'id' })
  const found = await offerOf(payload, fields.kind, id, locale)
  if (!found) return refuse(404, 'This album or track is not for sale.', { code: 'not_for_sale', field: 'id' })
  const amount = chosenAmountCents(found.offer, fields.amount)
  if ('refusal' in amount) return refuse(400, amount.refusal.detail, { code: amount.refusal.code, field: 'amount' })
  const item = { kind: fields.kind, id, title: found.title, amount: toEuros(amount.cents), formats: found.offer.formats }
  return { ok: true, value: { item, mode: found.offer.mode } }
}

/** The cart's check (POST /api/cart/items/, the cart page): checkCatalogItem's item. */
export async function checkCatalogCartItem(payload: Payload, fields: Record<string, unknown>, locale: Locale): Promise<Outcome<CatalogCartItem>> {
  const checked = await checkCatalogItem(payload, fields, locale)
  return checked.ok ? { ok: true, value: checked.value.item } : checked
}
