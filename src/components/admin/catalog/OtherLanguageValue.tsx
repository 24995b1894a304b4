'use client'

import { getTranslation } from '@payloadcms/translations'
import { Button, useDocumentInfo, useLocale, useTranslation } from '@payloadcms/ui'
import type { ClientField } from 'payload'
import { useEffect, useId, useState } from 'react'
import type { AdminTranslationKeys, AdminTranslations } from '@/i18n/admin-translations'

type Language = 'de' | 'en'

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

/** Payload's refusal in words: the field's own message where there is one. */
async function refusalOf(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { errors?: { message?: string; data?: { errors?: { message?: string }[] } }[] } | null
  const first = body?.errors?.[0]
  return first?.data?.errors?.[0]?.message ?? first?.message ?? `HTTP ${response.status}`
}

type Props = { path?: string; field?: ClientField; readOnly?: boolean }

/**
 * Under a localized text field: the other language's value (English beside German), editable in
 * place and saved on its own with "Englisch speichern", so the seller writes both languages
 * without switching the document's language. The save sends this one field in the other locale
 * only; the form's own save writes the current locale and so never overwrites it. Fields inside
 * groups or arrays show the other value read-only: a partial save there would replace siblings.
 */
export function OtherLanguageValue({ path, field, readOnly }: Props) {
  const { id, collectionSlug, globalSlug, docConfig, incrementVersionCount, setUnpublishedVersionCount } = useDocumentInfo()
  const locale = useLocale()
  const { i18n, t } = useTranslation<AdminTranslations, AdminTranslationKeys>()
  const inputId = useId()
  const other: Language = locale.code === 'en' ? 'de' : 'en'
  const [stored, setStored] = useState<string | null>(null)
  const [draft, setDraft] = useState('')
  const [state, setState] = useState<{ kind: 'idle' | 'saving' | 'saved' } | { kind: 'failed'; message: string }>({ kind: 'idle' })

  const documentUrl = globalSlug ? `/api/cms/globals/${globalSlug}` : id !== undefined && collectionSlug ? `/api/cms/${collectionSlug}/${id}` : null
  // With drafts (tracks, albums, news) the other language is read from and saved into the newest
  // draft: a save of one field must neither publish an unfinished release nor take a published one offline.
  const drafts = Boolean(docConfig?.versions?.drafts)
  const draftParameter = drafts ? '&draft=true' : ''
  const readUrl = documentUrl && `${documentUrl}?locale=${other}&fallback-locale=none&depth=0${draftParameter}`

  useEffect(() => {
    if (!readUrl || !path) return
    let current = true
    storedVersion(readUrl).then((doc) => {
      const found = valueAt(doc, path)
      if (!current) return
      setStored(typeof found === 'string' ? found : '')
      setDraft(typeof found === 'string' ? found : '')
    })
    return () => {
      current = false
    }
  }, [readUrl, path])

  if (!documentUrl || !path || stored === null) return null
  const languageName = t(`shop:otherLanguage:names:${other}`)
  const fieldLabel = field && 'label' in field && field.label ? getTranslation(field.label, i18n) : path
  const editable = !readOnly && !path.includes('.')

  if (!editable) {
    return (
      <div className="field-description" data-testid="other-language-value" lang={other} style={{ whiteSpace: 'pre-line', opacity: 0.85 }}>
        <strong style={{ marginInlineEnd: '0.4em' }}>{languageName}:</strong>
        {stored}
      </div>
    )
  }

  const save = async () => {
    setState({ kind: 'saving' })
    const response = await fetch(`${documentUrl}?locale=${other}&depth=0${draftParameter}`, {
      // Payload updates a global by POST, a document by PATCH.
      method: globalSlug ? 'POST' : 'PATCH',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ [path]: draft }),
    }).catch(() => null)
    if (!response?.ok) {
      setState({ kind: 'failed', message: response ? await refusalOf(response) : 'Network error' })
      return
    }
    storedVersions.delete(readUrl!)
    setStored(draft)
    setState({ kind: 'saved' })
    if (drafts) {
      // The form's "Publish" button counts unpublished changes; this one was saved beside the form.
      incrementVersionCount()
      setUnpublishedVersionCount((count) => count + 1)
    }
  }

  const multiline = field?.type === 'textarea'
  const inputProps = {
    id: inputId,
    value: draft,
    lang: other,
    placeholder: t('shop:otherLanguage:empty'),
    'aria-label': `${fieldLabel} (${languageName})`,
    onChange: (event: { target: { value: string } }) => {
      setDraft(event.target.value)
      setState({ kind: 'idle' })
    },
    style: {
      width: '100%',
      font: 'inherit',
      padding: '0.4rem 0.6rem',
      border: '1px dashed var(--theme-elevation-250)',
      borderRadius: 'var(--style-radius-s)',
      background: 'var(--theme-elevation-0)',
      color: 'var(--theme-text)',
    },
  }
  return (
    <div data-testid="other-language-value" style={{ marginTop: '0.5rem' }}>
      <label htmlFor={inputId} className="field-description" style={{ display: 'block', fontWeight: 600 }}>
        {languageName}
      </label>
      {multiline ? <textarea rows={Math.max(2, draft.split('\n').length)} {...inputProps} /> : <input type="text" {...inputProps} />}
      <div style={{ display: 'flex', alignItems: 'center', gap: '0.75rem', minHeight: '2rem' }}>
        {draft !== stored && (
          <Button buttonStyle="secondary" size="small" margin={false} disabled={state.kind === 'saving'} onClick={save}>
            {t('shop:otherLanguage:save', { language: languageName })}
          </Button>
        )}
        <span role="status" className="field-description" style={state.kind === 'failed' ? { color: 'var(--theme-error-500)' } : undefined}>
          {state.kind === 'saving'
            ? t('shop:otherLanguage:saving')
            : state.kind === 'saved'
              ? t(drafts ? 'shop:otherLanguage:savedAsDraft' : 'shop:otherLanguage:saved')
              : state.kind === 'failed'
                ? `${t('shop:otherLanguage:failed')}: ${state.message}`
                : ''}
        </span>
      </div>
    </div>
  )
}
