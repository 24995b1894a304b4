import type { Payload } from 'payload'
import type { UseType } from '../../payload-types'
import { ensureDocument, type Localized } from './documents'

type UseTypeSeed = Pick<UseType, 'slug' | 'icon' | 'color_class'> & { label: Localized }

/** What a custom song is for: step two of the wizard, in this order. */
const USE_TYPES: UseTypeSeed[] = [
  { slug: 'meditation', icon: '🧘', color_class: 'teal', label: { de: 'Meditation', en: 'Meditation' } },
  { slug: 'sleep', icon: '🌙', color_class: 'indigo', label: { de: 'Schlaf', en: 'Sleep' } },
  { slug: 'yoga', icon: '🌿', color_class: 'sage', label: { de: 'Yoga', en: 'Yoga' } },
  { slug: 'focus', icon: '📖', color_class: 'sky', label: { de: 'Konzentration & Arbeit', en: 'Focus & work' } },
  { slug: 'massage-therapy', icon: '💆', color_class: 'rose', label: { de: 'Massage & Therapie', en: 'Massage & therapy' } },
  { slug: 'birthday-gift', icon: '🎁', color_class: 'amber', label: { de: 'Geschenk zum Geburtstag', en: 'Birthday gift' } },
]

export async function seedUseTypes(payload: Payload): Promise<void> {
  for (const { label, ...fields } of USE_TYPES) {
    await ensureDocument(payload, {
      collection: 'use-types',
      where: { slug: { equals: fields.slug } },
      german: { ...fields, label: label.de },
      english: { label: label.en },
    })
  }
}
