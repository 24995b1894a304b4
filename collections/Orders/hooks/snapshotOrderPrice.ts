import { type CollectionBeforeChangeHook, ValidationError } from 'payload'
import { priceOrder } from '../../../src/rules/pricing'
import { DEFAULT_LOCALE } from '../../../src/i18n/locales'
import { DEFAULT_REVISIONS_INCLUDED } from '../../../src/revisions/limits'

/**
 * Prices an order from stored data (the package's price, the streaming surcharge and VAT mode of
 * the settings) and keeps that snapshot on the order when it is placed. The revisions the package
 * includes are part of what was sold and kept alike. What sets the price (package, streaming
 * option) cannot change afterwards (collections/Orders/index.ts), so later price changes leave existing
 * orders, their payments and invoices alone.
 */
export const snapshotOrderPrice: CollectionBeforeChangeHook = async ({ data, operation, req }) => {
  // Without a package there is nothing to price; the field's own validation reports it.
  if (operation !== 'create' || !data.package) return data

  const [{ docs }, settings] = await Promise.all([
    req.payload.find({
      collection: 'packages',
      where: { slug: { equals: data.package } },
      limit: 1,
      depth: 0,
      // The seller's language: the name is kept for the admin panel and the invoice.
      locale: DEFAULT_LOCALE,
      req,
    }),
    req.payload.findGlobal({ slug: 'settings', depth: 0, req }),
  ])
  const pkg = docs[0]
  if (!pkg) {
    throw new ValidationError({
      collection: 'orders',
      errors: [{ path: 'package', message: `There is no package with the slug "${data.package}".` }],
    })
  }
  const price = priceOrder({
    packagePrice: pkg.price,
    streamingSurcharge: settings.streaming_surcharge,
    withStreaming: Boolean(data.spotify_option),
    vatMode: settings.vat_mode,
  })
  return { ...data, package_name: pkg.name, revisions_included: pkg.revisions_included ?? DEFAULT_REVISIONS_INCLUDED, ...price }
}
