import { listMusicGroups } from '@/catalog/music-groups'
import { catalogListRoute } from '@/http/catalog-route'

export const dynamic = 'force-dynamic'

export const GET = catalogListRoute(listMusicGroups)
