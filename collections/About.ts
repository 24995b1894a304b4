import type { GlobalConfig } from 'payload'
import { anyone } from './access/anyone'
import { isAdmin } from './access/isAdmin'
import { globalCatalogChangeHook } from './hooks/announceCatalogChange'

/** The artist's biography page (/about), edited by the seller in both languages. */
export const About: GlobalConfig = {
  slug: 'about',
  label: { de: 'Über mich', en: 'About' },
  admin: { group: { de: 'Inhalte', en: 'Content' } },
  access: { read: anyone, update: isAdmin },
  hooks: { afterChange: [globalCatalogChangeHook('about')] },
  fields: [
    { name: 'headline', label: { de: 'Überschrift', en: 'Headline' }, type: 'text', localized: true },
    { name: 'portrait', label: { de: 'Porträt', en: 'Portrait' }, type: 'upload', relationTo: 'media' },
    { name: 'biography', label: { de: 'Biografie', en: 'Biography' }, type: 'richText', localized: true },
  ],
}
