import type { MetadataRoute } from 'next'
import { publicOrigin } from '@/site/public-url'

export const dynamic = 'force-dynamic'

/** Crawlers may read the storefront, not the admin, the API or the customer's pages. */
export default async function robots(): Promise<MetadataRoute.Robots> {
  return {
    rules: { userAgent: '*', allow: '/', disallow: ['/admin', '/api/', '/account', '/checkout', '/cart', '/login'] },
    sitemap: `${publicOrigin()}/sitemap.xml`,
  }
}
