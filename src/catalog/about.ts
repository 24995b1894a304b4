import type { Payload } from 'payload'
import type { Locale } from '@/i18n/locales'
import { cachedCatalogRead } from './cache'
import { richTextToHtml } from './rich-text'
import { visitorRead } from './visitor-read'

/** The artist's page (global "about"): headline, portrait and the biography as HTML. */
export const findAbout = cachedCatalogRead('about', ['about', 'media'], async (payload: Payload, locale: Locale) => {
  const about = await payload.findGlobal({ slug: 'about', ...visitorRead(locale), depth: 1 })
  const portrait = typeof about.portrait === 'object' && about.portrait?.url ? about.portrait : null
  return {
    headline: about.headline ?? '',
    portrait: portrait && { url: portrait.url!, alt: portrait.alt, width: portrait.width ?? 800, height: portrait.height ?? 1000 },
    html: richTextToHtml(about.biography),
  }
})
