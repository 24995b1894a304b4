import type { Payload } from 'payload'
import type { Chord, TrackSound } from './audio-synth'
import type { CategoryKey } from './categories'
import type { ArtSpec } from './cover-art'
import { ensureDocument, type Localized } from './documents'
import { ensureImage, ensureTrackAudio } from './uploads'

/** Chord progressions as voicings in semitones from the tonic: open, with soft added tones. */
const PROGRESSIONS = {
  /** Imaj7 – vi9 – IVmaj7 – V6, e.g. Cmaj7 – Am9 – Fmaj7 – G6. */
  dreamy: [
    [0, 7, 11, 16],
    [-3, 0, 7, 11],
    [-7, 0, 4, 9],
    [-5, 4, 11, 14],
  ],
  /** Imaj7 and the raised fourth of the Lydian mode over the same bass: floating, unresolved. */
  lydian: [
    [0, 7, 11, 16],
    [0, 6, 9, 14],
  ],
  /** i9 – VImaj7 – IIImaj7 – VII6, e.g. Am9 – Fmaj7 – Cmaj7 – G6. */
  minor: [
    [0, 3, 10, 14],
    [-4, 3, 7, 12],
    [3, 7, 10, 14],
    [-2, 7, 14, 17],
  ],
  /** Dorian: i9 – IV6/9 – VImaj7 – VII6, e.g. Em9 – A6 – Cmaj7 – D6. */
  dorian: [
    [0, 3, 10, 14],
    [0, 5, 9, 14],
    [-4, 3, 7, 12],
    [-2, 5, 7, 14],
  ],
  /** I6/9 – IV6 – vi7 – Vsus4: no leading tones, nothing pulls. */
  suspended: [
    [0, 7, 9, 14],
    [-7, 0, 9, 14],
    [-3, 4, 7, 12],
    [-5, 2, 7, 12],
  ],
} satisfies Record<string, Chord[]>

export type TrackKey =
  'morgentau' | 'meeresatem' | 'sternenfeld' | 'waldlichtung' | 'stille-mitte' | 'abendgluehen' | 'klarer-geist' | 'wolkenweit' | 'mondsee' | 'atemzug'

type TrackSeed = {
  /** Also the audio file's name and the music's seed. */
  key: TrackKey
  title: Localized
  categories: CategoryKey[]
  sound: Omit<TrackSound, 'seed'>
  cover: Omit<ArtSpec, 'seed' | 'shape'>
}

const TRACKS: TrackSeed[] = [
  {
    key: 'morgentau',
    title: { de: 'Morgentau', en: 'Morning Dew' },
    categories: ['meditation', 'focus'],
    sound: { seconds: 52, tonic: 60, progression: PROGRESSIONS.dreamy, chordSeconds: 8, warmth: 0.35, brightness: 3200, bells: 5, texture: 'none', space: 0.6 },
    cover: { palette: 'dawn', motif: 'horizon' },
  },
  {
    key: 'meeresatem',
    title: { de: 'Meeresatem', en: 'Breath of the Sea' },
    categories: ['sleep', 'nature'],
    sound: {
      seconds: 66,
      tonic: 57,
      progression: PROGRESSIONS.lydian,
      chordSeconds: 10,
      warmth: 0.6,
      brightness: 2400,
      bells: 0,
      texture: 'waves',
      space: 0.5,
    },
    cover: { palette: 'ocean', motif: 'horizon' },
  },
  {
    key: 'sternenfeld',
    title: { de: 'Sternenfeld', en: 'Field of Stars' },
    categories: ['sleep', 'meditation'],
    sound: { seconds: 74, tonic: 57, progression: PROGRESSIONS.minor, chordSeconds: 9, warmth: 0.25, brightness: 2800, bells: 7, texture: 'none', space: 0.8 },
    cover: { palette: 'night', motif: 'ripples' },
  },
  {
    key: 'waldlichtung',
    title: { de: 'Waldlichtung', en: 'Forest Clearing' },
    categories: ['nature'],
    sound: {
      seconds: 48,
      tonic: 55,
      progression: PROGRESSIONS.suspended,
      chordSeconds: 7,
      warmth: 0.5,
      brightness: 3000,
      bells: 3,
      texture: 'wind',
      space: 0.55,
    },
    cover: { palette: 'forest', motif: 'dunes' },
  },
  {
    key: 'stille-mitte',
    title: { de: 'Stille Mitte', en: 'Still Centre' },
    categories: ['meditation'],
    sound: {
      seconds: 60,
      tonic: 53,
      progression: PROGRESSIONS.lydian,
      chordSeconds: 12,
      warmth: 0.45,
      brightness: 2600,
      bells: 2,
      texture: 'none',
      space: 0.7,
    },
    cover: { palette: 'lavender', motif: 'orbs' },
  },
  {
    key: 'abendgluehen',
    title: { de: 'Abendglühen', en: 'Evening Glow' },
    categories: ['sleep'],
    sound: { seconds: 56, tonic: 51, progression: PROGRESSIONS.dreamy, chordSeconds: 9, warmth: 0.75, brightness: 2000, bells: 2, texture: 'none', space: 0.6 },
    cover: { palette: 'amber', motif: 'dunes' },
  },
  {
    key: 'klarer-geist',
    title: { de: 'Klarer Geist', en: 'Clear Mind' },
    categories: ['focus'],
    sound: { seconds: 44, tonic: 52, progression: PROGRESSIONS.dorian, chordSeconds: 6, warmth: 0.3, brightness: 3600, bells: 6, texture: 'none', space: 0.45 },
    cover: { palette: 'mist', motif: 'ripples' },
  },
  {
    key: 'wolkenweit',
    title: { de: 'Wolkenweit', en: 'Wide as the Sky' },
    categories: ['meditation', 'nature'],
    sound: {
      seconds: 62,
      tonic: 58,
      progression: PROGRESSIONS.suspended,
      chordSeconds: 10,
      warmth: 0.55,
      brightness: 2800,
      bells: 3,
      texture: 'wind',
      space: 0.75,
    },
    cover: { palette: 'dusk', motif: 'orbs' },
  },
  {
    key: 'mondsee',
    title: { de: 'Mondsee', en: 'Moon Lake' },
    categories: ['sleep', 'nature'],
    sound: {
      seconds: 78,
      tonic: 54,
      progression: PROGRESSIONS.minor,
      chordSeconds: 11,
      warmth: 0.5,
      brightness: 2200,
      bells: 2,
      texture: 'waves',
      space: 0.65,
    },
    cover: { palette: 'night', motif: 'horizon' },
  },
  {
    key: 'atemzug',
    title: { de: 'Atemzug', en: 'One Breath' },
    categories: ['focus', 'meditation'],
    sound: { seconds: 34, tonic: 50, progression: PROGRESSIONS.dorian, chordSeconds: 5, warmth: 0.4, brightness: 3000, bells: 4, texture: 'none', space: 0.5 },
    cover: { palette: 'dawn', motif: 'dunes' },
  },
]

export type SeededTrack = { id: number; cover: number }

/** The tracks sold on their own (issue 33): those of the album “Zwischen Tag und Traum”, at a fixed price each; the album's price is its own. */
const SOLD_ALONE: readonly TrackKey[] = ['morgentau', 'stille-mitte', 'wolkenweit', 'abendgluehen', 'sternenfeld']
const TRACK_PRICE = 1.29

/** Returns the tracks' ids and cover ids by key, for albums, singles and playlists. */
export async function seedTracks(payload: Payload, categories: Map<CategoryKey, number>, log: (line: string) => void): Promise<Map<TrackKey, SeededTrack>> {
  const tracks = new Map<TrackKey, SeededTrack>()
  for (const { key, title, sound, cover, categories: categoryKeys } of TRACKS) {
    const audio = await ensureTrackAudio(payload, `${key}.mp3`, title.de, { seed: key, ...sound }, log)
    const picture = await ensureImage(
      payload,
      `track-${key}.jpg`,
      { seed: key, shape: 'square', ...cover },
      {
        de: `Cover von „${title.de}“`,
        en: `Cover of “${title.en}”`,
      },
    )
    const track = await ensureDocument(payload, {
      collection: 'tracks',
      where: { title: { equals: title.de } },
      german: {
        title: title.de,
        audio: audio.id,
        cover: picture.id,
        categories: categoryKeys.map((category) => categories.get(category)!),
        sale: SOLD_ALONE.includes(key) ? { mode: 'fixed_price', price: TRACK_PRICE, offer_flac: true } : { mode: 'not_for_sale' },
        _status: 'published',
      },
      english: { title: title.en },
    })
    tracks.set(key, { id: track.id, cover: picture.id })
  }
  return tracks
}
