import type { Payload } from 'payload'
import type { MusicGroup } from '../../payload-types'
import type { ArtSpec } from './cover-art'
import { ensureDocument, type Localized } from './documents'
import type { SeededTrack, TrackKey } from './tracks'
import { ensureImage } from './uploads'

type MusicGroupSeed = {
  form: MusicGroup['form']
  title: Localized
  description: Localized
  /** Noon UTC, so that the day is the same in every time zone of Europe and America. */
  release_date?: string
  /** In playing order. */
  tracks: TrackKey[]
  /** Albums and playlists get their own cover; a single shows its track's cover. */
  cover?: ArtSpec
  /** How it is sold (issue 33): one album at a fixed price, one name-your-price, one free single; the rest not for sale. */
  sale?: MusicGroup['sale']
}

/** Shown in this order: newest album first. */
const MUSIC_GROUPS: MusicGroupSeed[] = [
  {
    form: 'album',
    title: { de: 'Zwischen Tag und Traum', en: 'Between Day and Dream' },
    description: {
      de: 'Fünf Stücke für die Übergänge des Tages – vom ersten Licht am Morgen bis zu den Sternen in der Nacht. Entstanden im Winter in meiner kleinen Klangwerkstatt in Freiburg: zum Innehalten zwischendurch oder als sanfter Rahmen für einen ganzen Tag.',
      en: 'Five pieces for the transitions of the day – from the first light of morning to the stars at night. Made over the winter in my small sound workshop in Freiburg: for a pause in between, or as a gentle frame around a whole day.',
    },
    release_date: '2026-03-20T12:00:00.000Z',
    tracks: ['morgentau', 'stille-mitte', 'wolkenweit', 'abendgluehen', 'sternenfeld'],
    cover: { seed: 'album-zwischen-tag-und-traum', palette: 'lavender', motif: 'horizon', shape: 'square' },
    sale: { mode: 'fixed_price', price: 9.99, offer_flac: true, offer_original: false },
  },
  {
    form: 'album',
    title: { de: 'Wasser & Wind', en: 'Water & Wind' },
    description: {
      de: 'Vier Klanglandschaften, in denen Meer, Wald und Wind mitspielen. Das Rauschen der Wellen und das Streichen des Windes sind hier Teil der Musik: Sie tragen die Harmonien, statt sie zu übertönen.',
      en: 'Four soundscapes in which sea, forest and wind play along. The roll of the waves and the passing wind are part of the music here: they carry the harmonies instead of drowning them out.',
    },
    release_date: '2025-09-12T12:00:00.000Z',
    tracks: ['meeresatem', 'waldlichtung', 'klarer-geist', 'mondsee'],
    cover: { seed: 'album-wasser-und-wind', palette: 'ocean', motif: 'dunes', shape: 'square' },
    sale: { mode: 'name_your_price', minimum: 5, suggested: 8, offer_flac: true, offer_original: true },
  },
  {
    form: 'single',
    title: { de: 'Atemzug', en: 'One Breath' },
    description: {
      de: 'Ein kurzes Stück zum Durchatmen zwischendurch – gerade lang genug für ein paar ruhige, bewusste Atemzüge.',
      en: 'A short piece for a breather in between – just long enough for a few calm, conscious breaths.',
    },
    release_date: '2026-11-14T12:00:00.000Z',
    tracks: ['atemzug'],
    sale: { mode: 'name_your_price', minimum: 0, offer_flac: true, offer_original: false },
  },
  {
    form: 'single',
    title: { de: 'Meeresatem', en: 'Breath of the Sea' },
    description: {
      de: 'Die erste Single aus „Wasser & Wind“: sanfte Wellen unter einem schwebenden Akkord.',
      en: 'The first single from “Water & Wind”: gentle waves beneath a floating chord.',
    },
    release_date: '2025-07-04T12:00:00.000Z',
    tracks: ['meeresatem'],
  },
  {
    form: 'playlist',
    title: { de: 'Sanft einschlafen', en: 'Drift Off to Sleep' },
    description: {
      de: 'Die ruhigsten Stücke für den Abend, in einer Reihenfolge, die langsam leiser und dunkler wird.',
      en: 'The calmest pieces for the evening, in an order that slowly grows quieter and darker.',
    },
    tracks: ['abendgluehen', 'meeresatem', 'sternenfeld', 'mondsee'],
    cover: { seed: 'playlist-sanft-einschlafen', palette: 'dusk', motif: 'horizon', shape: 'square' },
  },
  {
    form: 'playlist',
    title: { de: 'Konzentriert arbeiten', en: 'Focused Work' },
    description: {
      de: 'Gleichmäßige, unaufdringliche Klänge, die im Hintergrund bleiben und dir beim Fokussieren helfen.',
      en: 'Even, unobtrusive sounds that stay in the background and help you focus.',
    },
    tracks: ['klarer-geist', 'morgentau', 'atemzug', 'waldlichtung'],
    cover: { seed: 'playlist-konzentriert-arbeiten', palette: 'forest', motif: 'ripples', shape: 'square' },
  },
]

export async function seedMusicGroups(payload: Payload, tracks: Map<TrackKey, SeededTrack>): Promise<void> {
  for (const group of MUSIC_GROUPS) {
    const trackList = group.tracks.map((key) => tracks.get(key)!)
    const cover = group.cover
      ? (
          await ensureImage(payload, `${group.cover.seed}.jpg`, group.cover, {
            de: `Cover von „${group.title.de}“`,
            en: `Cover of “${group.title.en}”`,
          })
        ).id
      : trackList[0]!.cover
    await ensureDocument(payload, {
      collection: 'music-groups',
      where: { title: { equals: group.title.de } },
      german: {
        form: group.form,
        title: group.title.de,
        description: group.description.de,
        release_date: group.release_date,
        tracks: trackList.map((track) => track.id),
        cover,
        sale: group.sale ?? { mode: 'not_for_sale' },
        _status: 'published',
      },
      english: { title: group.title.en, description: group.description.en },
    })
  }
}
