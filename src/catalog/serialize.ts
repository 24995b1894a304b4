import type { Audio, Category, FocusTheme, Media, MusicGroup, News, Package, Track, UseType } from '../../payload-types'
import { peaksUrlOf } from '@/player/peaks'
import { youTubeWatchUrl } from '@/rules/youtube'
import { richTextToHtml } from './rich-text'
import { groupOffer, serializeOffer, trackOffer } from './sale-offer'

/**
 * The JSON of the storefront API (spec section 3): one function per entity, used by its list
 * and its detail alike. Documents come from the Local API at a depth that populates uploads.
 */

/** A relation is an object once populated; a bare id means it was not (or may not be) read. */
const populated = <T extends object>(value: number | T | null | undefined): T | null => (value && typeof value === 'object' ? value : null)

/** The browser-loadable URL of an upload (/media/images/… or /media/audio/…), or null. */
const fileUrl = (upload: number | Media | Audio | null | undefined): string | null => populated(upload)?.url ?? null

/** Category documents must be read with `joins: { tracks: { count: true } }`. */
export const serializeCategory = (category: Category) => ({
  id: category.id,
  title: category.title,
  description: category.description ?? '',
  cover: fileUrl(category.cover),
  track_count: category.tracks?.totalDocs ?? 0,
})

/** Tracks are read with TRACK_FIELDS (tracks.ts) only. */
export const serializeTrack = (track: Pick<Track, 'id' | 'title' | 'cover' | 'audio' | 'sale'>) => ({
  id: track.id,
  title: track.title,
  cover: fileUrl(track.cover),
  audio: fileUrl(track.audio),
  // Seconds, read from the file on upload; lets the player show the length before loading.
  duration: populated(track.audio)?.duration ?? null,
  // The waveform's JSON (/api/audio/{id}/peaks/?v=…), null until the job computed it.
  peaks: peaksUrlOf(populated(track.audio)),
  // How the track is sold on its own (issue 33): null when it is not.
  sale: serializeOffer(trackOffer(track)),
})

export const serializeMusicGroup = (group: MusicGroup) => ({
  id: group.id,
  title: group.title,
  cover: fileUrl(group.cover),
  description: group.description ?? '',
  form: group.form,
  // How the album is sold, with all its tracks (issue 33): null when it is not.
  sale: serializeOffer(groupOffer(group)),
  // Stored order is the playing order; tracks the caller may not read stay unpopulated and drop out.
  tracks: (group.tracks ?? [])
    .map(populated)
    .filter((track) => track !== null)
    .map(serializeTrack),
})

export const serializeNews = (news: News) => ({
  id: news.id,
  title: news.title,
  image: fileUrl(news.image),
  category: news.category ?? '',
  date: news.date,
  html_content: richTextToHtml(news.content),
  is_new: Boolean(news.is_new),
  youtube_url: news.youtube ? youTubeWatchUrl(news.youtube) : null,
})

export const serializePackage = (pkg: Package) => ({
  id: pkg.id,
  slug: pkg.slug,
  name: pkg.name,
  image: fileUrl(pkg.image),
  price: pkg.price,
  highlights: linesOf(pkg.highlights),
  color_class: pkg.color_class,
  allows_recording: Boolean(pkg.allows_recording),
})

export const serializeUseType = (useType: UseType) => ({
  id: useType.id,
  slug: useType.slug,
  label: useType.label,
  icon: useType.icon ?? '',
  color_class: useType.color_class,
})

export const serializeFocusTheme = (theme: FocusTheme) => ({
  id: theme.id,
  slug: theme.slug,
  label: theme.label,
  icon: theme.icon ?? '',
})

/** The highlights textarea holds one highlight per line. */
const linesOf = (text: string | null | undefined): string[] =>
  (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
