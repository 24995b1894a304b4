import type { Payload } from 'payload'
import type { ArtSpec } from './cover-art'
import { ensureDocument, type Localized } from './documents'
import { ensureImage } from './uploads'

export type CategoryKey = 'sleep' | 'meditation' | 'nature' | 'focus'

type CategorySeed = { key: CategoryKey; title: Localized; description: Localized; cover: ArtSpec }

/** The "sound worlds" of the home page, in this order. */
const CATEGORIES: CategorySeed[] = [
  {
    key: 'sleep',
    title: { de: 'Schlaf', en: 'Sleep' },
    description: {
      de: 'Langsame Klangflächen ohne Überraschungen, die den Atem ruhiger werden lassen und dich sanft in den Schlaf begleiten.',
      en: 'Slow washes of sound without surprises that let your breathing settle and carry you gently into sleep.',
    },
    cover: { seed: 'category-sleep', palette: 'night', motif: 'horizon', shape: 'square' },
  },
  {
    key: 'meditation',
    title: { de: 'Meditation', en: 'Meditation' },
    description: {
      de: 'Weite, schwebende Harmonien über einem tragenden Grundton – Musik, die Raum lässt für Stille und Achtsamkeit.',
      en: 'Wide, floating harmonies over a steady drone – music that leaves room for silence and mindfulness.',
    },
    cover: { seed: 'category-meditation', palette: 'lavender', motif: 'ripples', shape: 'square' },
  },
  {
    key: 'nature',
    title: { de: 'Natur', en: 'Nature' },
    description: {
      de: 'Meeresrauschen und Wind, verwoben mit warmen Klängen – für alle, die draußen am besten zur Ruhe kommen.',
      en: 'The sound of the sea and the wind woven into warm harmonies – for everyone who finds calm best outdoors.',
    },
    cover: { seed: 'category-nature', palette: 'forest', motif: 'dunes', shape: 'square' },
  },
  {
    key: 'focus',
    title: { de: 'Fokus', en: 'Focus' },
    description: {
      de: 'Gleichmäßige, unaufdringliche Klänge für konzentriertes Arbeiten, Lesen und Lernen.',
      en: 'Even, unobtrusive soundscapes for focused work, reading and study.',
    },
    cover: { seed: 'category-focus', palette: 'mist', motif: 'orbs', shape: 'square' },
  },
]

/** Returns the categories' ids by key, for the tracks. */
export async function seedCategories(payload: Payload): Promise<Map<CategoryKey, number>> {
  const ids = new Map<CategoryKey, number>()
  for (const { key, title, description, cover } of CATEGORIES) {
    const picture = await ensureImage(payload, `category-${key}.jpg`, cover, {
      de: `Cover der Kategorie ${title.de}`,
      en: `Cover of the ${title.en} category`,
    })
    const category = await ensureDocument(payload, {
      collection: 'categories',
      where: { title: { equals: title.de } },
      german: { title: title.de, description: description.de, cover: picture.id },
      english: { title: title.en, description: description.en },
    })
    ids.set(key, category.id)
  }
  return ids
}
