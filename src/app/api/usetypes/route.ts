import { listUseTypes } from '@/catalog/lookups'
import { catalogListRoute } from '@/http/catalog-route'

export const dynamic = 'force-dynamic'

export const GET = catalogListRoute(listUseTypes)
