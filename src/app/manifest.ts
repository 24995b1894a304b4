import type { MetadataRoute } from 'next'
import { de } from '@/i18n/messages/de'

/**
 * The web app manifest: name and icons when a visitor installs the shop or adds it to a home
 * screen (German, the shop's first language). Installable: standalone display, a start URL the
 * service worker answers offline (src/sw.ts), icons of 192 and 512 px, and a maskable one whose
 * picture stays inside the safe zone when a launcher crops it to a circle.
 */
export default function manifest(): MetadataRoute.Manifest {
  return {
    id: '/',
    name: `${de.site.name} – ${de.site.tagline}`,
    short_name: de.site.name,
    description: de.site.description,
    lang: 'de',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#f6f3ee',
    theme_color: '#3f8f86',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  }
}
