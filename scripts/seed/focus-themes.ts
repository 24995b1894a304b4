import type { Payload } from 'payload'
import type { FocusTheme } from '../../payload-types'
import { ensureDocument, type Localized } from './documents'

type FocusThemeSeed = Pick<FocusTheme, 'slug' | 'icon'> & { label: Localized }

/** What a custom song is about; "custom" (last) lets the customer describe their own theme. */
const FOCUS_THEMES: FocusThemeSeed[] = [
  { slug: 'inner-peace', icon: '🕊️', label: { de: 'Innere Ruhe', en: 'Inner peace' } },
  { slug: 'self-love', icon: '💗', label: { de: 'Selbstliebe', en: 'Self-love' } },
  { slug: 'letting-go', icon: '🍃', label: { de: 'Loslassen', en: 'Letting go' } },
  { slug: 'gratitude', icon: '🙏', label: { de: 'Dankbarkeit', en: 'Gratitude' } },
  { slug: 'deep-sleep', icon: '💤', label: { de: 'Tiefer Schlaf', en: 'Deep sleep' } },
  { slug: 'confidence', icon: '☀️', label: { de: 'Zuversicht', en: 'Confidence' } },
  { slug: 'custom', icon: '✍️', label: { de: 'Eigenes Thema', en: 'Your own theme' } },
]

export async function seedFocusThemes(payload: Payload): Promise<void> {
  for (const { label, ...fields } of FOCUS_THEMES) {
    await ensureDocument(payload, {
      collection: 'focus-themes',
      where: { slug: { equals: fields.slug } },
      german: { ...fields, label: label.de },
      english: { label: label.en },
    })
  }
}
