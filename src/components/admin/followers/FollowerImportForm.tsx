'use client'

import { Button, useTranslation } from '@payloadcms/ui'
import { useState } from 'react'
import type { AdminTranslationKeys, AdminTranslations } from '@/i18n/admin-translations'

type Result =
  | { kind: 'idle' | 'busy' }
  | { kind: 'done'; rows: number; mailed: number; unchanged: number }
  | { kind: 'malformed'; problems: { line: number; text: string; problem: string }[] }
  | { kind: 'failed'; detail: string }

/** Reads the chosen CSV file and sends it to POST /api/cms/followers/import as JSON. */
export function FollowerImportForm() {
  const { t } = useTranslation<AdminTranslations, AdminTranslationKeys>()
  const [result, setResult] = useState<Result>({ kind: 'idle' })

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const file = form.get('file')
    if (!(file instanceof File) || file.size === 0) return
    setResult({ kind: 'busy' })
    const response = await fetch('/api/cms/followers/import', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ csv: await file.text(), locale: form.get('locale') }),
    })
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>
    if (response.ok) setResult({ kind: 'done', rows: Number(body.rows), mailed: Number(body.mailed), unchanged: Number(body.unchanged) })
    else if (Array.isArray(body.problems)) setResult({ kind: 'malformed', problems: body.problems as { line: number; text: string; problem: string }[] })
    else setResult({ kind: 'failed', detail: String(body.detail ?? response.statusText) })
  }

  return (
    <form onSubmit={submit} style={{ display: 'grid', gap: '1rem', maxWidth: '32rem' }}>
      <label style={{ display: 'grid', gap: '0.25rem' }}>
        {t('shop:followerImport:file')}
        <input type="file" name="file" accept=".csv,text/csv,text/plain" required />
      </label>
      <label style={{ display: 'grid', gap: '0.25rem' }}>
        {t('shop:followerImport:language')}
        <select name="locale" defaultValue="de">
          <option value="de">Deutsch</option>
          <option value="en">English</option>
        </select>
      </label>
      <div>
        <Button type="submit" disabled={result.kind === 'busy'}>
          {result.kind === 'busy' ? t('shop:followerImport:sending') : t('shop:followerImport:submit')}
        </Button>
      </div>
      <div role="status">
        {result.kind === 'done'
          ? t('shop:followerImport:done', { rows: result.rows, mailed: result.mailed, unchanged: result.unchanged })
          : result.kind === 'failed'
            ? `${t('shop:followerImport:failed')} ${result.detail}`
            : null}
        {result.kind === 'malformed' ? (
          <>
            <p>{t('shop:followerImport:malformed')}</p>
            <ul>
              {result.problems.map((problem) => (
                <li key={problem.line}>
                  {problem.line}: {problem.text} ({problem.problem})
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </form>
  )
}
