'use client'

import { Button, useDocumentInfo, useTranslation } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import type { AdminTranslationKeys, AdminTranslations } from '@/i18n/admin-translations'

/** In a mail's sidebar: queues the mail once more (after a failure, or when a customer lost it). */
export function ResendMailButton() {
  const { id } = useDocumentInfo()
  const { t } = useTranslation<AdminTranslations, AdminTranslationKeys>()
  const router = useRouter()
  const [state, setState] = useState<{ kind: 'idle' | 'busy' | 'queued' } | { kind: 'failed'; detail: string }>({ kind: 'idle' })
  if (id === undefined) return null

  async function resend() {
    setState({ kind: 'busy' })
    const response = await fetch(`/api/cms/mails/${id}/resend`, { method: 'POST', credentials: 'include' })
    if (response.ok) {
      setState({ kind: 'queued' })
      router.refresh()
      return
    }
    const body = (await response.json().catch(() => ({}))) as { detail?: string }
    setState({ kind: 'failed', detail: body.detail ?? response.statusText })
  }

  return (
    <div style={{ marginBottom: 'var(--base)' }}>
      <Button buttonStyle="secondary" disabled={state.kind === 'busy'} onClick={resend}>
        {t('shop:mails:resend')}
      </Button>
      <p role="status">{state.kind === 'queued' ? t('shop:mails:queued') : state.kind === 'failed' ? `${t('shop:failed')} ${state.detail}` : ''}</p>
    </div>
  )
}
