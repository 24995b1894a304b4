import { listMusicGroups } from '@/catalog/music-groups'
import { catalogListRoute } from '@/app/api/_adapters/catalog-route'

export const dynamic = 'force-dynamic'

export const GET = catalogListRoute(listMusicGroups)
