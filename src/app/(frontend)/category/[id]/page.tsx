import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { cache } from 'react'
import { findCategory, listCategoryTracks } from '@/catalog/categories'
import { CollectionHeader } from '@/components/music/CollectionHeader'
import { trackTableLabels } from '@/components/music/labels'
import { PlayAllButton } from '@/components/music/PlayAllButton'
import { TrackTable } from '@/components/music/TrackTable'
import { playable } from '@/components/music/types'
import { parseDocumentId } from '@/http/document-id'
import { requestTranslation } from '@/i18n/request-locale'
import { payloadClient } from '@/site/payload'

type Props = { params: Promise<{ id: string }> }

const loadCategory = cache(async (rawId: string) => {
  const payload = await payloadClient()
  const id = parseDocumentId(rawId)
  const { locale } = await requestTranslation()
  if (id === null) return null
  const [category, tracks] = await Promise.all([findCategory(payload, id, locale), listCategoryTracks(payload, id, locale)])
  return category && { category, tracks: playable(tracks ?? []) }
})

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const loaded = await loadCategory((await params).id)
  if (!loaded) return {}
  const { category } = loaded
  return {
    title: category.title,
    description: category.description || undefined,
    openGraph: { title: category.title, images: category.cover ? [category.cover] : undefined },
  }
}

/** A category with its track table and a Play button (spec section 2). */
export default async function CategoryPage({ params }: Props) {
  const loaded = await loadCategory((await params).id)
  if (!loaded) notFound()
  const { t } = await requestTranslation()
  const { category, tracks } = loaded
  return (
    <>
      <CollectionHeader
        cover={category.cover}
        kicker={t('music.playlist')}
        title={category.title}
        description={category.description}
        meta={t('music.tracks', { count: category.track_count })}
      >
        <PlayAllButton tracks={tracks} label={t('music.play')} />
      </CollectionHeader>
      {tracks.length > 0 ? <TrackTable tracks={tracks} labels={trackTableLabels(t)} /> : <p className="muted">{t('music.noTracks')}</p>}
    </>
  )
}
