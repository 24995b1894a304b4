import type { MetadataRoute } from 'next'
import { listCategories } from '@/catalog/categories'
import { listMusicGroups } from '@/catalog/music-groups'
import { listNews } from '@/catalog/news'
import { LEGAL_ROUTES, WITHDRAWAL_FORM_ROUTES } from '@/site/routes'
import { publicOrigin } from '@/site/public-url'
import { payloadClient } from '@/site/payload'

export const dynamic = 'force-dynamic'

/** Every public page, for search engines. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const payload = await payloadClient()
  const origin = publicOrigin()
  const [categories, groups, news] = await Promise.all([listCategories(payload, 'de'), listMusicGroups(payload, 'de'), listNews(payload, 'de')])
  const paths = [
    '/',
    '/about',
    '/music',
    '/news',
    '/custom-songs',
    '/contact',
    ...Object.values(LEGAL_ROUTES).flatMap((routes) => Object.values(routes)),
    ...Object.values(WITHDRAWAL_FORM_ROUTES),
    ...categories.map((category) => `/category/${category.id}`),
    ...groups.map((group) => `/music-group/${group.id}`),
  ]
  return [...paths.map((path) => ({ url: origin + path })), ...news.map((item) => ({ url: `${origin}/news/${item.id}`, lastModified: item.date }))]
}
