import type { CollectionSlug, Payload, RequiredDataFromCollectionSlug, Where } from 'payload'

/** A text in both languages of the shop. */
export type Localized<T = string> = { de: T; en: T }

type EnsureArgs<TSlug extends CollectionSlug> = {
  collection: TSlug
  /** The natural key: slug, or the German title. */
  where: Where
  /** The whole document with its German texts. */
  german: RequiredDataFromCollectionSlug<TSlug>
  /** Only the localized fields, in English. */
  english: Partial<RequiredDataFromCollectionSlug<TSlug>>
}

/**
 * Finds a demo document by its natural key or creates it in German, then sets its English texts.
 * The English step runs for found documents too, so that a seed interrupted between the two
 * steps is completed by the next run instead of leaving a document without English.
 */
export async function ensureDocument<TSlug extends CollectionSlug>(payload: Payload, { collection, where, german, english }: EnsureArgs<TSlug>) {
  const found = await payload.find({ collection, where, locale: 'de', limit: 1, depth: 0, pagination: false })
  const document = found.docs[0] ?? (await payload.create({ collection, data: german, locale: 'de', depth: 0 }))
  // `english` is a Partial of the collection's data, which Payload accepts (it asks for a
  // DeepPartial); TypeScript cannot relate the two while the collection slug is generic.
  return payload.update({ collection, id: document.id, data: english as never, locale: 'en', depth: 0 })
}
