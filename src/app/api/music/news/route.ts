import { listNews } from '@/catalog/news'
import { catalogListRoute } from '@/app/api/_adapters/catalog-route'

export const dynamic = 'force-dynamic'

/** The spec's storefront fetches the list from /music/news/ (src/app/music/news); this is the /api twin. */
export const GET = catalogListRoute(listNews)
