import { listCategories } from '@/catalog/categories'
import { catalogListRoute } from '@/http/catalog-route'

export const dynamic = 'force-dynamic'

export const GET = catalogListRoute(listCategories)
