import type { Locale } from '@/i18n/locales'

/** The Atom feed of news and new releases: German at /feed.xml, English at /en/feed.xml (like the embeds' /en/ routes). */
export const feedPath = (locale: Locale): string => (locale === 'en' ? '/en/feed.xml' : '/feed.xml')

/** An album's podcast feed (where the seller switched it on), in German or English. */
export const podcastPath = (albumId: number, locale: Locale): string => `${locale === 'en' ? '/en' : ''}/music-group/${albumId}/podcast.xml`
