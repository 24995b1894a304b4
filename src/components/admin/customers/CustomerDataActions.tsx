'use client'

import { Button, useDocumentInfo, useFormFields, useTranslation } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import type { AdminTranslationKeys, AdminTranslations } from '@/i18n/admin-translations'

type Refusal = { code?: string; orders?: number[]; detail?: string }

type State = { kind: 'idle' | 'busy' | 'done' } | { kind: 'failed'; detail: string }

/** In a customer's sidebar: the GDPR export (a download) and the anonymisation (src/gdpr/). */
export function CustomerDataActions() {
  const { id } = useDocumentInfo()
  const { i18n, t } = useTranslation<AdminTranslations, AdminTranslationKeys>()
  const router = useRouter()
  const role = useFormFields(([fields]) => fields.role?.value)
  const anonymisedAt = useFormFields(([fields]) => fields.anonymised_at?.value) as string | undefined
  const [state, setState] = useState<State>({ kind: 'idle' })
  if (id === undefined || role !== 'customer') return null

  async function anonymise() {
    if (!window.confirm(t('shop:customerData:confirm'))) return
    setState({ kind: 'busy' })
    const response = await fetch(`/api/cms/users/${id}/anonymise`, { method: 'POST', credentials: 'include' })
    if (response.ok) {
      setState({ kind: 'done' })
      router.refresh()
      return
    }
    const body = (await response.json().catch(() => ({}))) as Refusal
    // The refusals of src/gdpr/anonymise.ts that have words of their own, by code.
    const wordedRefusals: Partial<Record<string, string>> = (i18n.translations as Partial<AdminTranslations>).shop?.customerData.refusals ?? {}
    const code = body.code && body.code in wordedRefusals ? (body.code as keyof AdminTranslations['shop']['customerData']['refusals']) : null
    const wording = code && t(`shop:customerData:refusals:${code}`, { orders: (body.orders ?? []).join(', ') })
    setState({ kind: 'failed', detail: wording || `${t('shop:failed')} ${body.detail ?? response.statusText}` })
  }

  return (
    <section aria-label={t('shop:customerData:title')} style={{ margin: 'calc(var(--base) * 1.5) 0' }}>
      <h3 style={{ marginBottom: 'calc(var(--base) / 2)' }}>{t('shop:customerData:title')}</h3>
      <a className="btn btn--style-secondary btn--size-medium" href={`/api/cms/users/${id}/export`} download>
        {t('shop:customerData:export')}
      </a>
      <p className="field-description">{t('shop:customerData:exportHint')}</p>
      {anonymisedAt ? (
        <p>
          {t('shop:customerData:anonymised')} {new Date(anonymisedAt).toLocaleDateString(i18n.language === 'en' ? 'en-GB' : 'de-DE')}
        </p>
      ) : (
        <>
          <Button buttonStyle="secondary" disabled={state.kind === 'busy' || state.kind === 'done'} onClick={anonymise}>
            {t('shop:customerData:anonymise')}
          </Button>
          <p className="field-description">{t('shop:customerData:anonymiseHint')}</p>
        </>
      )}
      <p role="status">{state.kind === 'done' ? t('shop:customerData:done') : state.kind === 'failed' ? state.detail : ''}</p>
    </section>
  )
}
