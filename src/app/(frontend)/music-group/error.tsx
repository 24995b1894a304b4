'use client'

import { useEffect } from 'react'
import { ERROR_PAGE_TEXTS } from '@/i18n/messages/error-page'
import { usePageLocale } from '@/i18n/page-locale'

/** Spec section 8: a music group that fails to load keeps showing "Loading..."; the failure is only logged. */
export default function MusicGroupError({ error }: { error: unknown }) {
  const texts = ERROR_PAGE_TEXTS[usePageLocale()]
  useEffect(() => {
    console.error('The music group could not be loaded:', error)
  }, [error])
  return (
    <p className="muted" role="status">
      {texts.stillLoading}
    </p>
  )
}
