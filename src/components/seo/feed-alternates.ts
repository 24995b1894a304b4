import type { Metadata } from 'next'
import { feedPath } from '@/feeds/feed-paths'
import type { Locale } from '@/i18n/locales'
import type { Translate } from '@/i18n/translator'

type Alternates = NonNullable<Metadata['alternates']>

/**
 * The <link rel="alternate"> of every page: the Atom feed of news and new releases in the page's
 * language. A page that names alternates of its own (the album page: oEmbed, its podcast) passes
 * them as `more`: Next replaces the layout's `alternates` with the page's, it does not merge them.
 */
export function feedAlternates(locale: Locale, t: Translate, more: NonNullable<Alternates['types']> = {}): Alternates {
  return { types: { 'application/atom+xml': [{ url: feedPath(locale), title: t('feeds.linkTitle') }], ...more } }
}
