import { useSyncExternalStore } from 'react'
import { DEFAULT_LOCALE, isLocale, type Locale } from './locales'

// <html lang> is set by the storefront's layout; after a failed render React commits it only
// after the first render of the page below, so the language is followed, not read once.
function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange)
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] })
  return () => observer.disconnect()
}

const pageLanguage = () => document.documentElement.lang

/**
 * The language of the page the visitor reads (its <html lang>: the route's, else the visitor's
 * choice, else German), for client components that get no texts from the server: the error pages.
 */
export function usePageLocale(): Locale {
  const language = useSyncExternalStore(subscribe, pageLanguage, () => DEFAULT_LOCALE)
  return isLocale(language) ? language : DEFAULT_LOCALE
}
