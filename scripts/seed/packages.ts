import type { Payload } from 'payload'
import type { Package } from '../../payload-types'
import type { ArtSpec } from './cover-art'
import { ensureDocument, type Localized } from './documents'
import { ensureImage } from './uploads'

type PackageSeed = Pick<Package, 'slug' | 'price' | 'allows_recording' | 'turnaround_days' | 'revisions_included' | 'color_class'> & {
  name: Localized
  /** One line per highlight, as the textarea stores them. */
  highlights: Localized<string[]>
  image: ArtSpec
}

/** The three custom-song packages; slugs and prices are fixed by the product specification. */
const PACKAGES: PackageSeed[] = [
  {
    slug: 'soundtouch',
    price: 39,
    allows_recording: false,
    turnaround_days: 7,
    revisions_included: 1,
    color_class: 'sky',
    name: { de: 'SoundTouch', en: 'SoundTouch' },
    highlights: {
      de: [
        'Dein persönlicher Entspannungssong, ca. 3 Minuten',
        'Abgestimmt auf Einsatzbereich und Fokusthema',
        'Download als MP3 und WAV',
        'Eine Änderungsrunde inklusive',
      ],
      en: [
        'Your personal relaxation song, about 3 minutes',
        'Tailored to your use and focus theme',
        'Download as MP3 and WAV',
        'One round of changes included',
      ],
    },
    image: { seed: 'package-soundtouch', palette: 'ocean', motif: 'ripples', shape: 'wide' },
  },
  {
    slug: 'vocalbalance',
    price: 69,
    allows_recording: true,
    turnaround_days: 14,
    revisions_included: 2,
    color_class: 'rose',
    name: { de: 'VocalBalance', en: 'VocalBalance' },
    highlights: {
      de: [
        'Entspannungssong, ca. 5 Minuten',
        'Deine eigene Sprachaufnahme, behutsam in die Musik eingebettet',
        'Abgestimmt auf Einsatzbereich und Fokusthema',
        'Download als MP3 und WAV',
        'Zwei Änderungsrunden inklusive',
      ],
      en: [
        'Relaxation song, about 5 minutes',
        'Your own voice recording, gently woven into the music',
        'Tailored to your use and focus theme',
        'Download as MP3 and WAV',
        'Two rounds of changes included',
      ],
    },
    image: { seed: 'package-vocalbalance', palette: 'dawn', motif: 'orbs', shape: 'wide' },
  },
  {
    slug: 'deepflow',
    price: 129,
    allows_recording: true,
    turnaround_days: 21,
    revisions_included: 2,
    color_class: 'indigo',
    name: { de: 'DeepFlow', en: 'DeepFlow' },
    highlights: {
      de: [
        'Ausführliche Klangreise, ca. 10 Minuten',
        'Sprachaufnahme möglich – gesprochen oder gesungen',
        'Persönliches Vorgespräch zu deinen Wünschen',
        'Download als MP3 und WAV, dazu eine Kurzfassung',
        'Drei Änderungsrunden inklusive',
      ],
      en: [
        'An extended sound journey, about 10 minutes',
        'Voice recording possible – spoken or sung',
        'A personal conversation about your wishes',
        'Download as MP3 and WAV, plus a short version',
        'Three rounds of changes included',
      ],
    },
    image: { seed: 'package-deepflow', palette: 'night', motif: 'horizon', shape: 'wide' },
  },
]

export async function seedPackages(payload: Payload): Promise<void> {
  for (const { name, highlights, image, ...fields } of PACKAGES) {
    const picture = await ensureImage(payload, `package-${fields.slug}.jpg`, image, {
      de: `Bild zum Paket ${name.de}`,
      en: `Picture for the ${name.en} package`,
    })
    await ensureDocument(payload, {
      collection: 'packages',
      where: { slug: { equals: fields.slug } },
      german: { ...fields, name: name.de, highlights: highlights.de.join('\n'), image: picture.id },
      english: { name: name.en, highlights: highlights.en.join('\n') },
    })
  }
}
