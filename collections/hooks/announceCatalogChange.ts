import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, GlobalAfterChangeHook, TypeWithID } from 'payload'
import { announceCatalogChange } from '../../src/catalog/change-feed'
import type { CatalogSource } from '../../src/catalog/sources'

/**
 * Tell every server that a collection or global the storefront's catalog is read from changed,
 * so their cached reads of it are dropped when the change commits (src/catalog/cache.ts).
 */

type Document = TypeWithID & Record<string, unknown>

/**
 * afterChange and afterDelete hooks of a catalog collection. `shownInCatalog` narrows them to the
 * documents a visitor can see (a customer's private recording changes no catalog read).
 */
export function catalogChangeHooks(source: CatalogSource, shownInCatalog: (doc: Document) => boolean = () => true) {
  const afterChange: CollectionAfterChangeHook<Document> = async ({ doc, previousDoc, req }) => {
    if (shownInCatalog(doc) || (previousDoc && shownInCatalog(previousDoc))) await announceCatalogChange(req, source)
    return doc
  }
  const afterDelete: CollectionAfterDeleteHook<Document> = async ({ doc, req }) => {
    if (shownInCatalog(doc)) await announceCatalogChange(req, source)
    return doc
  }
  return { afterChange: [afterChange], afterDelete: [afterDelete] }
}

/** The afterChange hook of a catalog global. */
export const globalCatalogChangeHook =
  (source: CatalogSource): GlobalAfterChangeHook =>
  async ({ doc, req }) => {
    await announceCatalogChange(req, source)
    return doc
  }
