import { findCategory } from '@/catalog/categories'
import { catalogItemRoute } from '@/http/catalog-route'

export const dynamic = 'force-dynamic'

export const GET = catalogItemRoute(findCategory)
