import { listNews } from '@/catalog/news'
import { catalogListRoute } from '@/app/api/_adapters/catalog-route'

export const dynamic = 'force-dynamic'

/** Spec section 7: the news list is the one call made without the /api prefix. */
export const GET = catalogListRoute(listNews)
