import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { previewingSeller } from '@/auth/previewing-seller'
import { CollectionHeader } from '@/components/music/CollectionHeader'
import { JsonLd } from '@/components/seo/JsonLd'
import { trackTableLabels } from '@/components/music/labels'
import { PlayAllButton } from '@/components/music/PlayAllButton'
import { TrackTable } from '@/components/music/TrackTable'
import { playable } from '@/components/music/types'
import { requestTranslation } from '@/i18n/request-locale'
import { payloadClient } from '@/site/payload'
import { FollowSection } from '@/components/follow/FollowSection'
import { BuyForm, formatNames } from '@/components/sales/BuyForm'
import { siteSettings } from '@/catalog/settings'
import { EmbedOffer } from '@/components/embed/EmbedOffer'
import { feedAlternates } from '@/components/seo/feed-alternates'
import { podcastPath } from '@/feeds/feed-paths'
import { podcastFeed } from '@/feeds/podcast-feed'
import { albumPath } from '@/rules/embed'
import { publicOrigin } from '@/site/public-url'
import { loadGroup } from './load-group'

type Props = { params: Promise<{ id: string }> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const group = await loadGroup((await params).id)
  if (!group) return {}
  const { locale, t } = await requestTranslation()
  // oEmbed discovery: a site that supports it shows the player when the album's link is pasted.
  const oembed = `/api/oembed?format=json&url=${encodeURIComponent(publicOrigin() + albumPath(group.id))}`
  const podcast = (await podcastFeed(await payloadClient(), group.id, locale)) !== null
  return {
    title: group.title,
    // Search engines show a page's description; a group without one of its own gets the site's.
    description: group.description || t('site.description'),
    openGraph: { title: group.title, type: 'music.album', images: group.cover ? [group.cover] : undefined },
    alternates: feedAlternates(locale, t, {
      'application/json+oembed': [{ url: oembed, title: group.title }],
      ...(podcast && { 'application/rss+xml': [{ url: podcastPath(group.id, locale), title: t('feeds.podcastLinkTitle', { title: group.title }) }] }),
    }),
  }
}

/** An album, single or playlist with Play All (spec section 2). */
export default async function MusicGroupPage({ params }: Props) {
  const group = await loadGroup((await params).id)
  if (!group) notFound()
  const { locale, t } = await requestTranslation()
  const tracks = playable(group.tracks, group.title)
  const payload = await payloadClient()
  const previewing = Boolean(await previewingSeller(payload))
  // Prices as the shop shows them everywhere: incl. VAT, or the small business's note (§ 19 UStG).
  const vatNote = (await siteSettings(payload)).vat_mode === 'small_business' ? t('cart.noVat') : t('cart.inclVat')
  const trackOffers = new Map(group.tracks.map((track) => [track.id, track.sale]))
  const trackBuy = tracks.map((track) => {
    const offer = trackOffers.get(Number(track.id))
    return offer ? <BuyForm compact kind="track" id={Number(track.id)} title={track.title} offer={offer} vatNote={vatNote} locale={locale} t={t} /> : null
  })
  const soldTrack = group.tracks.find((track) => track.sale)?.sale
  return (
    <>
      {previewing && (
        <p className="notice" role="status">
          {t('site.previewNotice')}
        </p>
      )}
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': group.form === 'playlist' ? 'MusicPlaylist' : 'MusicAlbum',
          name: group.title,
          description: group.description || undefined,
          image: group.cover ?? undefined,
          ...(group.form !== 'playlist' && { byArtist: { '@type': 'MusicGroup', name: t('site.name') } }),
          numTracks: tracks.length,
          track: tracks.map((track, index) => ({
            '@type': 'MusicRecording',
            position: index + 1,
            name: track.title,
            ...(track.duration && { duration: `PT${Math.round(track.duration)}S` }),
          })),
        }}
      />
      <CollectionHeader
        cover={group.cover}
        kicker={t(`music.${group.form}`)}
        title={group.title}
        description={group.description}
        meta={t('music.tracks', { count: tracks.length })}
      >
        <PlayAllButton tracks={tracks} label={t('music.playAll')} />
        {group.sale && <BuyForm kind="music-group" id={group.id} title={group.title} offer={group.sale} vatNote={vatNote} locale={locale} t={t} />}
      </CollectionHeader>
      {soldTrack && <p className="muted">{t('sale.trackSaleNote', { vat: vatNote, formats: formatNames(soldTrack, t) })}</p>}
      {tracks.length > 0 ? (
        <TrackTable tracks={tracks} labels={{ ...trackTableLabels(t), buy: t('sale.buy') }} buy={trackBuy} />
      ) : (
        <p className="muted">{t('music.noTracks')}</p>
      )}
      {tracks.length > 0 && !previewing && <EmbedOffer albumId={group.id} title={group.title} locale={locale} t={t} />}
      <FollowSection payload={payload} id="follow-album" locale={locale} t={t} />
    </>
  )
}
