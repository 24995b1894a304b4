import type { Translate } from '@/i18n/translator'
import type { CoverGridItem } from './CoverGrid'
import type { CatalogCategory, CatalogMusicGroup } from './types'

export const categoryCards = (categories: CatalogCategory[], t: Translate): CoverGridItem[] =>
  categories.map((category) => ({
    id: category.id,
    href: `/category/${category.id}`,
    cover: category.cover,
    title: category.title,
    meta: t('music.tracks', { count: category.track_count }),
  }))

export const musicGroupCards = (groups: CatalogMusicGroup[], t: Translate): CoverGridItem[] =>
  groups.map((group) => ({
    id: group.id,
    href: `/music-group/${group.id}`,
    cover: group.cover,
    title: group.title,
    meta: t('music.tracks', { count: group.tracks.length }),
  }))
