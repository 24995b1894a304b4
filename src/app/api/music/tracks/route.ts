import { listTracks } from '@/catalog/tracks'
import { catalogListRoute } from '@/http/catalog-route'

export const dynamic = 'force-dynamic'

export const GET = catalogListRoute((locale) => listTracks(locale))
