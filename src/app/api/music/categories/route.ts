import { listCategories } from '@/catalog/categories'
import { catalogListRoute } from '@/app/api/_adapters/catalog-route'

export const dynamic = 'force-dynamic'

export const GET = catalogListRoute(listCategories)
