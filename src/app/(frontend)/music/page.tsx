import type { Metadata } from 'next'
import { listCategories } from '@/catalog/categories'
import { listMusicGroups } from '@/catalog/music-groups'
import { listTracks } from '@/catalog/tracks'
import { categoryCards, musicGroupCards } from '@/components/music/cards'
import { CoverGrid } from '@/components/music/CoverGrid'
import { trackTableLabels } from '@/components/music/labels'
import { MusicTabs } from '@/components/music/MusicTabs'
import { PlayAllButton } from '@/components/music/PlayAllButton'
import { TrackTable } from '@/components/music/TrackTable'
import { playable } from '@/components/music/types'
import { requestTranslation } from '@/i18n/request-locale'
import { payloadClient } from '@/site/payload'
import { FollowSection } from '@/components/follow/FollowSection'

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await requestTranslation()
  return { title: t('music.title') }
}

/** Albums (music groups of form album), Singles (all tracks), Playlists (categories): spec section 2. */
export default async function MusicPage({ searchParams }: { searchParams: Promise<{ tab?: string }> }) {
  const payload = await payloadClient()
  const { locale, t } = await requestTranslation()
  const [groups, tracks, categories, { tab }] = await Promise.all([
    listMusicGroups(payload, locale),
    listTracks(payload, locale),
    listCategories(payload, locale),
    searchParams,
  ])
  const albums = groups.filter((group) => group.form === 'album')
  const singles = playable(tracks)

  return (
    <>
      <h1>{t('music.title')}</h1>
      <MusicTabs
        label={t('music.tabsLabel')}
        initial={tab ?? 'albums'}
        tabs={[
          {
            key: 'albums',
            label: t('music.albums'),
            panel: <CoverGrid items={musicGroupCards(albums, t)} aboveTheFold={(tab ?? 'albums') === 'albums'} />,
          },
          {
            key: 'singles',
            label: t('music.singles'),
            panel: (
              <>
                <PlayAllButton tracks={singles} label={t('music.playAll')} />
                <TrackTable tracks={singles} labels={trackTableLabels(t)} />
              </>
            ),
          },
          {
            key: 'playlists',
            label: t('music.playlists'),
            panel: <CoverGrid items={categoryCards(categories, t)} />,
          },
        ]}
      />
      <FollowSection payload={await payloadClient()} id="follow-music" locale={locale} t={t} />
    </>
  )
}
