import { newsFeedRoute } from '../../_feeds/feed-routes'

export const dynamic = 'force-dynamic'

export const GET = newsFeedRoute('en')
