import { findCategory } from '@/catalog/categories'
import { catalogItemRoute } from '@/app/api/_adapters/catalog-route'

export const dynamic = 'force-dynamic'

export const GET = catalogItemRoute(findCategory)
