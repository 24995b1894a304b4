'use client'

import { Button, useDocumentInfo, useTranslation } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useState } from 'react'

const TEXTS = {
  de: { resend: 'Erneut senden', queued: 'Die E-Mail wird gleich noch einmal gesendet.', failed: 'Das hat nicht geklappt:' },
  en: { resend: 'Send again', queued: 'The e-mail will be sent again in a moment.', failed: 'That did not work:' },
}

/** In a mail's sidebar: queues the mail once more (after a failure, or when a customer lost it). */
export function ResendMailButton() {
  const { id } = useDocumentInfo()
  const { i18n } = useTranslation()
  const router = useRouter()
  const texts = i18n.language === 'en' ? TEXTS.en : TEXTS.de
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
        {texts.resend}
      </Button>
      <p role="status">{state.kind === 'queued' ? texts.queued : state.kind === 'failed' ? `${texts.failed} ${state.detail}` : ''}</p>
    </div>
  )
}
