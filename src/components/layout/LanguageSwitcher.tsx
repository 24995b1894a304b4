'use client'

import { usePathname, useRouter } from 'next/navigation'
import { LANGUAGE_COOKIE, type Locale } from '@/i18n/locales'
import { counterpartOf } from '@/site/routes'

/** de ⇄ en. The choice is kept in a cookie so the server renders the right language next time. */
export function LanguageSwitcher({ locale, label, text }: { locale: Locale; label: string; text: string }) {
  const router = useRouter()
  const pathname = usePathname()
  const target: Locale = locale === 'de' ? 'en' : 'de'

  const switchLanguage = () => {
    document.cookie = `${LANGUAGE_COOKIE}=${target}; path=/; max-age=31536000; samesite=lax`
    const counterpart = counterpartOf(pathname, target)
    if (counterpart) router.push(counterpart)
    else router.refresh()
  }
  return (
    <button type="button" className="language-switch" onClick={switchLanguage} aria-label={label} lang={target}>
      {text}
    </button>
  )
}
