import { findMusicGroup } from '@/catalog/music-groups'
import { catalogItemRoute } from '@/http/catalog-route'

export const dynamic = 'force-dynamic'

export const GET = catalogItemRoute(findMusicGroup)
