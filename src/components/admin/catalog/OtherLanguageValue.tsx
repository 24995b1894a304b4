'use client'

import { useDocumentInfo, useLocale, useTranslation } from '@payloadcms/ui'
import { useEffect, useState } from 'react'

const LANGUAGE_NAMES = {
  de: { de: 'Deutsch', en: 'Englisch' },
  en: { de: 'German', en: 'English' },
} as const

/** One request per document and language, shared by all fields of the form. */
const storedVersions = new Map<string, Promise<Record<string, unknown> | null>>()

function storedVersion(url: string): Promise<Record<string, unknown> | null> {
  let pending = storedVersions.get(url)
  if (!pending) {
    pending = fetch(url, { credentials: 'include', cache: 'no-store' })
      .then((response) => (response.ok ? (response.json() as Promise<Record<string, unknown>>) : null))
      .catch(() => null)
    storedVersions.set(url, pending)
    // Read again next time: the seller may have saved the other language meanwhile.
    void pending.finally(() => setTimeout(() => storedVersions.delete(url), 2000))
  }
  return pending
}

const valueAt = (doc: Record<string, unknown> | null, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), doc)

/**
 * Under a localized text field: the stored value of the other language (German beside English),
 * read-only, so both versions are in view while the seller edits one of them.
 */
export function OtherLanguageValue({ path }: { path?: string }) {
  const { id, collectionSlug, globalSlug } = useDocumentInfo()
  const locale = useLocale()
  const { i18n } = useTranslation()
  const other = locale.code === 'en' ? 'de' : 'en'
  const [value, setValue] = useState<string | null>(null)

  const url = globalSlug
    ? `/api/cms/globals/${globalSlug}?locale=${other}&fallback-locale=none&depth=0`
    : id !== undefined && collectionSlug
      ? `/api/cms/${collectionSlug}/${id}?locale=${other}&fallback-locale=none&depth=0`
      : null

  useEffect(() => {
    if (!url || !path) return
    let current = true
    storedVersion(url).then((doc) => {
      const found = valueAt(doc, path)
      if (current) setValue(typeof found === 'string' ? found : '')
    })
    return () => {
      current = false
    }
  }, [url, path])

  if (!url || value === null) return null
  const names = i18n.language === 'en' ? LANGUAGE_NAMES.en : LANGUAGE_NAMES.de
  const empty = i18n.language === 'en' ? 'not written yet' : 'noch nicht geschrieben'
  return (
    <div className="field-description" data-testid="other-language-value" lang={other} style={{ whiteSpace: 'pre-line', opacity: 0.85 }}>
      <strong>{names[other]}:</strong> {value || <em>{empty}</em>}
    </div>
  )
}
