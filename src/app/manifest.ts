import type { MetadataRoute } from 'next'
import { de } from '@/i18n/messages/de'

/** The web app manifest: name and icons when a visitor adds the shop to a home screen (German, the shop's first language). */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: `${de.site.name} – ${de.site.tagline}`,
    short_name: de.site.name,
    description: de.site.description,
    start_url: '/',
    display: 'browser',
    background_color: '#f6f3ee',
    theme_color: '#3f8f86',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
    ],
  }
}
