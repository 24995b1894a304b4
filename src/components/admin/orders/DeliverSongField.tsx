'use client'

import { Button, useDocumentInfo, useFormFields, useTranslation } from '@payloadcms/ui'
import { type DragEvent, useEffect, useId, useRef, useState } from 'react'
import type { AdminTranslationKeys, AdminTranslations } from '@/i18n/admin-translations'
import { isOrderStatus, PAID_OPEN_STATUSES } from '@/orders/status'

type State = { kind: 'idle' | 'busy' | 'done' } | { kind: 'failed'; detail: string }

/**
 * The files an input holds, which it then forgets: the list below the input is the one record of
 * what is chosen (and choosing the same file again after removing it is a change again).
 */
function takeFilesFrom(input: HTMLInputElement | null): File[] {
  const files = Array.from(input?.files ?? [])
  if (input) input.value = ''
  return files
}

async function detailOf(response: Response): Promise<string> {
  const body = (await response.json().catch(() => ({}))) as { detail?: string; errors?: { message?: string }[] }
  return body.detail ?? body.errors?.[0]?.message ?? response.statusText
}

/**
 * "Song liefern": the seller drops the finished audio files, adds a line for the customer and
 * presses one button. Each file is uploaded as a private delivery (Payload's audio upload checks
 * type and size), then POST /api/cms/orders/{id}/deliver appends them to the order, which marks it
 * delivered and mails the customer.
 */
export function DeliverSongField() {
  const { id } = useDocumentInfo()
  const { t } = useTranslation<AdminTranslations, AdminTranslationKeys>()
  const status = useFormFields(([fields]) => fields.status?.value)
  const [files, setFiles] = useState<File[]>([])
  const [description, setDescription] = useState('')
  const [dragging, setDragging] = useState(false)
  const [state, setState] = useState<State>({ kind: 'idle' })
  const inputId = useId()
  const descriptionId = useId()
  const fileInput = useRef<HTMLInputElement>(null)
  const descriptionInput = useRef<HTMLInputElement>(null)
  // The form arrives as the server's HTML (after a status change the page reloads) and React takes
  // it over a moment later: a file chosen or a line typed in between fired its change event while
  // nobody listened, and the list stayed empty ("Song liefern" disabled). Whatever the inputs hold
  // when React takes over is taken over with them.
  useEffect(() => {
    const chosen = takeFilesFrom(fileInput.current)
    if (chosen.length > 0) setFiles((current) => [...current, ...chosen])
    if (descriptionInput.current?.value) setDescription(descriptionInput.current.value)
  }, [])
  if (id === undefined) return null

  const add = (chosen: File[]) => setFiles((current) => [...current, ...chosen])
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault()
    setDragging(false)
    add(Array.from(event.dataTransfer.files))
  }

  async function deliver() {
    setState({ kind: 'busy' })
    const uploaded: number[] = []
    // A delivery that did not happen leaves no files behind: the ones already uploaded are removed.
    const fail = async (detail: string) => {
      await Promise.all(uploaded.map((audio) => fetch(`/api/cms/audio/${audio}`, { method: 'DELETE', credentials: 'include' })))
      setState({ kind: 'failed', detail })
    }
    for (const file of files) {
      const form = new FormData()
      form.append('file', file)
      form.append('_payload', JSON.stringify({ title: file.name, purpose: 'delivery' }))
      const response = await fetch('/api/cms/audio', { method: 'POST', credentials: 'include', body: form })
      if (!response.ok) return fail(`${file.name}: ${await detailOf(response)}`)
      uploaded.push(((await response.json()) as { doc: { id: number } }).doc.id)
    }
    const response = await fetch(`/api/cms/orders/${id}/deliver`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ files: uploaded, description }),
    })
    if (!response.ok) return fail(await detailOf(response))
    setState({ kind: 'done' })
    window.location.reload()
  }

  // The statuses in which a delivery can be made (the server checks again: src/orders/deliver-song.ts).
  if (!isOrderStatus(status) || !PAID_OPEN_STATUSES.includes(status)) {
    return (
      <section className="shop-deliver field-type" aria-label={t('shop:deliverTitle')}>
        <h3>{t('shop:deliverTitle')}</h3>
        <p className="shop-hint">{t('shop:notDeliverable')}</p>
      </section>
    )
  }
  return (
    <section className="shop-deliver field-type" aria-label={t('shop:deliverTitle')}>
      <h3>{t('shop:deliverTitle')}</h3>
      <div
        className={`shop-deliver__zone${dragging ? ' shop-deliver__zone--active' : ''}`}
        onDragOver={(event) => {
          event.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p>{t('shop:deliverHelp')}</p>
        <label htmlFor={inputId}>{t('shop:chooseFiles')}</label>{' '}
        <input ref={fileInput} id={inputId} type="file" accept="audio/*" multiple onChange={(event) => add(takeFilesFrom(event.target))} />
      </div>
      {files.length > 0 ? (
        <ul className="shop-deliver__files">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`}>
              {file.name}{' '}
              <button type="button" className="shop-link-button" onClick={() => setFiles(files.filter((_, other) => other !== index))}>
                {t('shop:removeFile', { name: file.name })}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <label htmlFor={descriptionId} className="shop-read-only__label">
        {t('shop:description')}
      </label>
      <input
        ref={descriptionInput}
        id={descriptionId}
        className="shop-deliver__description"
        type="text"
        maxLength={200}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        // Enter here would save the whole order form; the delivery has its own button.
        onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
      />
      <Button buttonStyle="primary" disabled={files.length === 0 || state.kind === 'busy'} onClick={deliver}>
        {state.kind === 'busy' ? t('shop:delivering') : t('shop:deliverButton')}
      </Button>
      <p role="status">{state.kind === 'done' ? t('shop:delivered') : state.kind === 'failed' ? `${t('shop:failed')} ${state.detail}` : ''}</p>
    </section>
  )
}
