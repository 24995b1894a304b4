import { listFocusThemes } from '@/catalog/lookups'
import { catalogListRoute } from '@/app/api/_adapters/catalog-route'

export const dynamic = 'force-dynamic'

export const GET = catalogListRoute(listFocusThemes)
