import type { Payload, PayloadRequest } from 'payload'
import type { LibraryItem } from '../../payload-types'
import type { LibrarySource } from '@/purchases/status'
import type { SaleFormat } from '@/rules/catalog-sale'

/** An album or track put into a customer's music, and why. */
export type LibraryGrant = {
  customer: number
  item: { kind: 'music-group'; id: number } | { kind: 'track'; id: number }
  formats: SaleFormat[]
  source: LibrarySource
  /** The purchase it was bought with (source "purchase"). */
  purchase?: number
  /** Names the grant once and for all, e.g. `purchase:12:music-group:3` or `code:55`: the second grant of a key is none. */
  key: string
}

/** The key of an album or track bought with a purchase. */
export const purchaseGrantKey = (purchaseId: number, item: LibraryGrant['item']): string => `purchase:${purchaseId}:${item.kind}:${item.id}`

/**
 * Puts an album or track into a customer's music, once per grant key, in `req`'s transaction.
 * The caller holds the lock that serialises grants of this key (the purchase's row while it turns
 * paid, the download code's row while it is redeemed): the look-up then decides, and the unique
 * index on grant_key stays as the backstop. Returns the row, new or found.
 */
export async function grantLibraryItem(payload: Payload, req: PayloadRequest, grant: LibraryGrant): Promise<LibraryItem> {
  const { docs } = await payload.find({ collection: 'library-items', where: { grant_key: { equals: grant.key } }, limit: 1, depth: 0, req })
  if (docs[0]) return docs[0]
  return payload.create({
    collection: 'library-items',
    data: {
      customer: grant.customer,
      kind: grant.item.kind,
      music_group: grant.item.kind === 'music-group' ? grant.item.id : null,
      track: grant.item.kind === 'track' ? grant.item.id : null,
      formats: grant.formats,
      source: grant.source,
      purchase: grant.purchase ?? null,
      grant_key: grant.key,
      granted_at: new Date().toISOString(),
    },
    depth: 0,
    req,
  })
}

/** Ends the download rights a purchase gave (refund, withdrawal), in `req`'s transaction; the rows stay as a record. */
export async function revokePurchaseGrants(payload: Payload, req: PayloadRequest, purchaseId: number): Promise<void> {
  await payload.update({
    collection: 'library-items',
    where: { and: [{ purchase: { equals: purchaseId } }, { revoked_at: { exists: false } }] },
    data: { revoked_at: new Date().toISOString() },
    depth: 0,
    req,
  })
}
