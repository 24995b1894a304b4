import { findNews } from '@/catalog/news'
import { catalogItemRoute } from '@/app/api/_adapters/catalog-route'

export const dynamic = 'force-dynamic'

export const GET = catalogItemRoute(findNews)
