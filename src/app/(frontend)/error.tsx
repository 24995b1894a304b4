'use client'

import Link from 'next/link'
import { useEffect } from 'react'
import { ERROR_PAGE_TEXTS } from '@/i18n/messages/error-page'
import { usePageLocale } from '@/i18n/page-locale'

/**
 * A storefront page that failed (a read from the database, a rendering error): a calm page in the
 * visitor's language inside the site's header and footer, with a new attempt and a way home.
 * The server logs the error with its digest; the browser's console gets it too.
 */
export default function PageError({ error, retry }: { error: unknown; retry: () => void }) {
  const texts = ERROR_PAGE_TEXTS[usePageLocale()]
  useEffect(() => {
    console.error('The page could not be loaded:', error)
  }, [error])
  return (
    <section className="not-found">
      {/* The failed page's own title never came; React puts this one into the head. */}
      <title>{texts.title}</title>
      <h1>{texts.title}</h1>
      <p className="muted">{texts.text}</p>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem' }}>
        {/* retry, not reset: it asks the server again instead of re-rendering the failed answer. */}
        <button type="button" className="button" onClick={retry}>
          {texts.retry}
        </button>
        <Link className="button secondary" href="/">
          {texts.home}
        </Link>
      </div>
    </section>
  )
}
