'use client'

import { Button, useDocumentInfo, useTranslation } from '@payloadcms/ui'
import { useCallback, useEffect, useState } from 'react'
import type { AdminTranslationKeys, AdminTranslations } from '@/i18n/admin-translations'
import type { Locale } from '@/i18n/locales'
import type { MailingOverview } from '@/mailings/release-mailing'

type Preview = { locale: Locale; subject: string; html: string }
type Message = { kind: 'info' | 'error'; text: string } | null

const API = '/api/cms/follower-mailings'

async function readJson<T>(response: Response): Promise<T | { detail: string }> {
  return (await response.json().catch(() => ({ detail: response.statusText }))) as T | { detail: string }
}

/**
 * In the sidebar of an album, a track and a news item: "An Follower senden". Shows how many
 * confirmed followers the mail reaches and how far the release's mailing is, the mail as a German
 * and an English follower gets it (in a sandboxed frame: no script, links do nothing), a test
 * mail to the seller, and the send, which asks once more before it starts (src/mailings/).
 */
export function SendToFollowersField() {
  const { id, collectionSlug } = useDocumentInfo()
  const { t } = useTranslation<AdminTranslations, AdminTranslationKeys>()
  const [overview, setOverview] = useState<MailingOverview | null>(null)
  const [preview, setPreview] = useState<Preview | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<Message>(null)
  const release = id === undefined ? null : `collection=${encodeURIComponent(String(collectionSlug))}&id=${encodeURIComponent(String(id))}`

  const refresh = useCallback(async () => {
    if (!release) return
    const response = await fetch(`${API}/release?${release}`, { credentials: 'include' })
    const body = await readJson<MailingOverview>(response)
    if (response.ok) setOverview(body as MailingOverview)
  }, [release])

  useEffect(() => {
    void refresh()
  }, [refresh])

  // While a mailing is on its way, its progress is read again every few seconds.
  const sending = overview?.mailing?.status === 'sending' || overview?.mailing?.status === 'waiting'
  useEffect(() => {
    if (!sending) return
    const timer = setInterval(() => void refresh(), 3000)
    return () => clearInterval(timer)
  }, [sending, refresh])

  if (!release) return <p className="field-description">{t('shop:releaseMailing:saveFirst')}</p>

  const fail = (detail: string) => setMessage({ kind: 'error', text: `${t('shop:releaseMailing:failed')} ${detail}` })

  async function showPreview(locale: Locale) {
    setMessage(null)
    const response = await fetch(`${API}/preview?${release}&locale=${locale}`, { credentials: 'include' })
    const body = await readJson<{ subject: string; html: string }>(response)
    if (!response.ok || !('html' in body)) return fail('detail' in body ? body.detail : response.statusText)
    setPreview({ locale, subject: body.subject, html: body.html })
  }

  async function post(path: 'test' | 'send') {
    setBusy(true)
    setMessage(null)
    const [collection, docId] = [String(collectionSlug), Number(id)]
    const response = await fetch(`${API}/${path}`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ collection, id: docId }),
    })
    const body = (await readJson<Record<string, unknown>>(response)) as Record<string, unknown>
    setBusy(false)
    setConfirming(false)
    if (!response.ok) return fail(typeof body.detail === 'string' ? body.detail : response.statusText)
    if (path === 'test') setMessage({ kind: 'info', text: t('shop:releaseMailing:testSent', { to: String(body.to ?? '') }) })
    else setOverview(body as unknown as MailingOverview)
  }

  const count = overview?.confirmedFollowers ?? 0
  const mailing = overview?.mailing
  return (
    <section className="shop-release-mailing" aria-labelledby="shop-release-mailing-title" style={{ marginBottom: 'var(--base)' }}>
      <h3 id="shop-release-mailing-title" style={{ marginBottom: 'calc(var(--base) / 2)' }}>
        {t('shop:releaseMailing:title')}
      </h3>
      {overview ? <p data-confirmed-followers={count}>{t('shop:releaseMailing:followers', { count })}</p> : null}
      {mailing ? (
        <p role="status" data-mailing-status={mailing.status}>
          <strong>{t(`shop:releaseMailing:statuses:${mailing.status}`)}</strong>
          <br />
          {t('shop:releaseMailing:progress', mailing.progress)}
        </p>
      ) : null}
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
        <Button buttonStyle="secondary" size="small" onClick={() => void showPreview('de')}>
          {t('shop:releaseMailing:previewDe')}
        </Button>
        <Button buttonStyle="secondary" size="small" onClick={() => void showPreview('en')}>
          {t('shop:releaseMailing:previewEn')}
        </Button>
        <Button buttonStyle="secondary" size="small" disabled={busy} onClick={() => void post('test')}>
          {t('shop:releaseMailing:test')}
        </Button>
      </div>
      {confirming ? (
        <div>
          <p>{t('shop:releaseMailing:confirmHint')}</p>
          {overview && !overview.published ? <p>{t('shop:releaseMailing:waitsForRelease')}</p> : null}
          <Button disabled={busy} onClick={() => void post('send')}>
            {t('shop:releaseMailing:confirm', { count })}
          </Button>{' '}
          <Button buttonStyle="secondary" onClick={() => setConfirming(false)}>
            {t('shop:releaseMailing:cancel')}
          </Button>
        </div>
      ) : (
        <Button disabled={busy || mailing?.status === 'sending'} onClick={() => setConfirming(true)}>
          {t('shop:releaseMailing:send')}
        </Button>
      )}
      {message ? <p role={message.kind === 'error' ? 'alert' : 'status'}>{message.text}</p> : null}
      {preview ? (
        <figure style={{ margin: 0 }}>
          <figcaption>
            {t('shop:releaseMailing:previewTitle', { language: t(`shop:otherLanguage:names:${preview.locale}`), subject: preview.subject })}
          </figcaption>
          <iframe
            title={preview.subject}
            sandbox=""
            srcDoc={preview.html}
            lang={preview.locale}
            style={{ width: '100%', height: '28rem', border: '1px solid var(--theme-elevation-150)', background: '#fff' }}
          />
        </figure>
      ) : null}
    </section>
  )
}
