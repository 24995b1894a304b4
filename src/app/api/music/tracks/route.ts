import { listTracks } from '@/catalog/tracks'
import { catalogListRoute } from '@/app/api/_adapters/catalog-route'

export const dynamic = 'force-dynamic'

export const GET = catalogListRoute((payload, locale) => listTracks(payload, locale))
