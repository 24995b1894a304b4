import { embedRoute } from '../../_adapters/embed-route'

export const dynamic = 'force-dynamic'

/** The embeddable player in German: /embed/{track|album}/{id} (src/app/(embed)/_adapters/embed-route.ts). */
export const GET = embedRoute('de')
