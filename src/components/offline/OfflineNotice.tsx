import Link from 'next/link'
import type { Locale } from '@/i18n/locales'
import { messagesFor } from '@/i18n/translator'
import { SavedSongsList } from './SavedSongsList'

/**
 * What the service worker shows for a page that could not be loaded and was not kept: where the
 * visitor is, the way home, and the songs saved for offline listening (so /account offline still
 * plays them).
 */
export function OfflineNotice({ locale }: { locale: Locale }) {
  const labels = messagesFor(locale).offline
  return (
    <>
      <section className="not-found">
        <h1>{labels.title}</h1>
        <p className="muted">{labels.text}</p>
        <Link className="button" href="/">
          {labels.home}
        </Link>
      </section>
      <SavedSongsList accountId={null} locale={locale} labels={labels} />
    </>
  )
}
