'use client'

import { Button, useDocumentInfo, useField, useTranslation } from '@payloadcms/ui'
import { useState } from 'react'
import { isOrderStatus, nextStatuses, type OrderStatus } from '@/orders/status'
import type { AdminTranslationKeys, AdminTranslations } from '@/i18n/admin-translations'
import { StatusLabel } from './StatusLabel'

/** Steps that cannot be undone ask first. */
const ASKS_FIRST: Partial<Record<OrderStatus, 'shop:confirmCancel' | 'shop:confirmRefund'>> = {
  cancelled: 'shop:confirmCancel',
  refunded: 'shop:confirmRefund',
}

/**
 * The order's status in the order view: the current one as a label and one button per step the
 * seller may take from it (src/orders/status.ts). A button calls POST /api/cms/orders/{id}/status;
 * the page then reloads, so the form holds the new status and history.
 */
export function StatusField({ path }: { path: string }) {
  const { value } = useField<string>({ path })
  const { id } = useDocumentInfo()
  const { i18n, t } = useTranslation<AdminTranslations, AdminTranslationKeys>()
  const [state, setState] = useState<{ kind: 'idle' | 'busy' } | { kind: 'failed'; detail: string }>({ kind: 'idle' })
  if (!value || !isOrderStatus(value)) return null

  async function change(to: OrderStatus) {
    const question = ASKS_FIRST[to]
    if (question && !window.confirm(t(question))) return
    setState({ kind: 'busy' })
    const response = await fetch(`/api/cms/orders/${id}/status`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: to }),
    })
    if (response.ok) return window.location.reload()
    const body = (await response.json().catch(() => ({}))) as { detail?: string }
    setState({ kind: 'failed', detail: body.detail ?? response.statusText })
  }

  const steps = id === undefined ? [] : nextStatuses(value, 'seller')
  return (
    <div className="shop-status-field field-type">
      <span className="shop-read-only__label">Status</span>
      <p>
        <StatusLabel status={value} i18n={i18n} />
      </p>
      {steps.length === 0 ? (
        <p className="shop-hint">{t('shop:noNextStatus')}</p>
      ) : (
        <div className="shop-status-field__buttons">
          {steps.map((to) => (
            <Button key={to} buttonStyle={ASKS_FIRST[to] ? 'secondary' : 'primary'} size="small" disabled={state.kind === 'busy'} onClick={() => change(to)}>
              {t(`shop:statusActions:${to}`)}
            </Button>
          ))}
        </div>
      )}
      <p role="alert" className="shop-error">
        {state.kind === 'failed' ? `${t('shop:failed')} ${state.detail}` : ''}
      </p>
    </div>
  )
}
