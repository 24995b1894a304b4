'use client'

import { useEffect } from 'react'
import { ERROR_PAGE_TEXTS } from '@/i18n/messages/error-page'

const { de, en } = ERROR_PAGE_TEXTS

/**
 * When the site's layout itself fails (header, footer, the visitor's login), this replaces the
 * whole document: no layout, no styles of the site, and the language may be unknown, so the
 * page speaks German and English. A plain link home loads a fresh document.
 */
export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error('The page could not be loaded:', error)
  }, [error])
  return (
    <html lang="de" style={{ colorScheme: 'light dark' }}>
      <body style={{ margin: 0, fontFamily: 'system-ui, sans-serif', lineHeight: 1.6 }}>
        <title>{`${de.title} · ${en.title}`}</title>
        <main style={{ maxWidth: '36rem', margin: '0 auto', padding: '4rem 1.5rem' }}>
          <h1 style={{ fontSize: '1.6rem', fontWeight: 600 }}>
            {de.title} <span lang="en">· {en.title}</span>
          </h1>
          <p>{de.text}</p>
          <p lang="en">{en.text}</p>
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', alignItems: 'center' }}>
            <button type="button" onClick={retry} style={{ font: 'inherit', padding: '0.6rem 1.2rem', borderRadius: '999px', cursor: 'pointer' }}>
              {de.retry} <span lang="en">· {en.retry}</span>
            </button>
            <a href="/" style={{ color: 'inherit' }}>
              {de.home} <span lang="en">· {en.home}</span>
            </a>
          </div>
        </main>
      </body>
    </html>
  )
}
