import { listCategoryTracks } from '@/catalog/categories'
import { catalogItemRoute } from '@/app/api/_adapters/catalog-route'

export const dynamic = 'force-dynamic'

/** 404 for an unknown category, [] for a category without tracks. */
export const GET = catalogItemRoute(listCategoryTracks)
