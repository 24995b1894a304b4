import type { CollectionAfterChangeHook } from 'payload'
import type { Purchase } from '../../../payload-types'
import { grantLibraryItem, purchaseGrantKey, revokePurchaseGrants } from '../../../src/library/grant'
import { idOf } from '../../../src/site/relation-id'

/**
 * Delivers a paid purchase at once: every album and track line goes into the buyer's music
 * (library-items, source "purchase", the line's formats), once per line by its grant key; a
 * refund ends those download rights (the rows stay, revoked). In the transaction of the status
 * change, under the purchase's row lock (lockPurchaseRows), so the grants and the status commit
 * or roll back together.
 */
export const grantPurchasedMusic: CollectionAfterChangeHook<Purchase> = async ({ doc, previousDoc, operation, req }) => {
  const before = operation === 'update' ? previousDoc?.status : undefined
  if (doc.status === before) return doc
  if (doc.status === 'paid') {
    const customer = idOf(doc.customer)!
    for (const line of doc.lines) {
      const id = line.kind === 'music-group' ? idOf(line.music_group) : line.kind === 'track' ? idOf(line.track) : null
      if (id === null || line.kind === 'tip') continue
      const item = { kind: line.kind, id }
      await grantLibraryItem(req.payload, req, {
        customer,
        item,
        formats: line.formats ?? ['mp3'],
        source: 'purchase',
        purchase: doc.id,
        key: purchaseGrantKey(doc.id, item),
      })
    }
  }
  if (doc.status === 'refunded') await revokePurchaseGrants(req.payload, req, doc.id)
  return doc
}
