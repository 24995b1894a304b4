import { findNews } from '@/catalog/news'
import { catalogItemRoute } from '@/http/catalog-route'

export const dynamic = 'force-dynamic'

export const GET = catalogItemRoute(findNews)
