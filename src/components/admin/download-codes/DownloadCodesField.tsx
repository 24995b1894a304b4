'use client'

import { Button, useDocumentInfo, useTranslation } from '@payloadcms/ui'
import { useCallback, useEffect, useState } from 'react'
import type { BatchSummary } from '@/download-codes/codes'
import type { AdminTranslationKeys, AdminTranslations } from '@/i18n/admin-translations'
import { DOWNLOAD_CODE_BATCH } from '@/rules/download-codes'

type Message = { kind: 'info' | 'error'; text: string } | null

const API = '/api/cms/download-codes'

/**
 * In the sidebar of an album and a track: "Download-Codes". Makes a batch of single-use codes
 * (a name, a number up to DOWNLOAD_CODE_BATCH.maxCount) and lists the item's batches with how
 * many were redeemed and each batch's CSV (collections/DownloadCodes/endpoints).
 */
export function DownloadCodesField() {
  const { id, collectionSlug } = useDocumentInfo()
  const { t } = useTranslation<AdminTranslations, AdminTranslationKeys>()
  const [batches, setBatches] = useState<BatchSummary[] | null>(null)
  const [batch, setBatch] = useState('')
  const [count, setCount] = useState('10')
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<Message>(null)
  const kind = collectionSlug === 'tracks' ? 'track' : 'music-group'

  const refresh = useCallback(async () => {
    if (id === undefined) return
    const response = await fetch(`${API}/batches?kind=${kind}&id=${encodeURIComponent(String(id))}`, { credentials: 'include' })
    if (response.ok) setBatches(((await response.json()) as { batches: BatchSummary[] }).batches)
  }, [id, kind])

  useEffect(() => {
    void refresh()
  }, [refresh])

  if (id === undefined) return <p className="field-description">{t('shop:downloadCodes:saveFirst')}</p>

  async function generate() {
    setBusy(true)
    setMessage(null)
    const response = await fetch(`${API}/generate`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ kind, id: Number(id), batch, count: Number(count) }),
    })
    const body = (await response.json().catch(() => ({ detail: response.statusText }))) as { detail?: string; count?: number; batch?: string }
    setBusy(false)
    if (!response.ok) return setMessage({ kind: 'error', text: `${t('shop:downloadCodes:failed')} ${body.detail ?? response.statusText}` })
    setMessage({ kind: 'info', text: t('shop:downloadCodes:generated', { count: body.count ?? 0, batch: body.batch ?? '' }) })
    setBatch('')
    await refresh()
  }

  return (
    <section className="shop-download-codes" aria-labelledby="shop-download-codes-title" style={{ marginBottom: 'var(--base)' }}>
      <h3 id="shop-download-codes-title" style={{ marginBottom: 'calc(var(--base) / 2)' }}>
        {t('shop:downloadCodes:title')}
      </h3>
      <p className="field-description">{t('shop:downloadCodes:intro')}</p>
      {/* No <form>: the box sits inside the document's own form, and a nested form would submit (save) the album. */}
      <div style={{ display: 'grid', gap: '0.5rem' }} data-download-codes-form data-ready={batches !== null}>
        <label>
          {t('shop:downloadCodes:batch')}
          <input
            name="download_codes_batch"
            required
            maxLength={DOWNLOAD_CODE_BATCH.nameMaxLength}
            placeholder={t('shop:downloadCodes:batchPlaceholder')}
            value={batch}
            onChange={(event) => setBatch(event.target.value)}
            onKeyDown={(event) => {
              // Enter would save the document (the box is inside its form): it makes the codes instead.
              if (event.key !== 'Enter') return
              event.preventDefault()
              if (!busy && batch.trim()) void generate()
            }}
            style={{ display: 'block', width: '100%' }}
          />
        </label>
        <label>
          {t('shop:downloadCodes:count', { max: DOWNLOAD_CODE_BATCH.maxCount })}
          <input
            name="download_codes_count"
            type="number"
            required
            min={DOWNLOAD_CODE_BATCH.minCount}
            max={DOWNLOAD_CODE_BATCH.maxCount}
            step={1}
            value={count}
            onChange={(event) => setCount(event.target.value)}
            style={{ display: 'block', width: '100%' }}
          />
        </label>
        <Button size="small" disabled={busy || !batch.trim() || !count} onClick={() => void generate()}>
          {busy ? t('shop:downloadCodes:generating') : t('shop:downloadCodes:generate')}
        </Button>
      </div>
      {message ? <p role={message.kind === 'error' ? 'alert' : 'status'}>{message.text}</p> : null}
      <h4>{t('shop:downloadCodes:batches')}</h4>
      {batches && batches.length === 0 ? <p>{t('shop:downloadCodes:noBatches')}</p> : null}
      <ul data-download-code-batches style={{ paddingLeft: '1rem' }}>
        {(batches ?? []).map((row) => (
          <li key={row.batch} data-batch={row.batch}>
            <strong>{row.batch}</strong>: {t('shop:downloadCodes:redeemed', { redeemed: row.redeemed, total: row.total })} ·{' '}
            <a href={`${API}/export?batch=${encodeURIComponent(row.batch)}`} download>
              {t('shop:downloadCodes:export')}
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}
