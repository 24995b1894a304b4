'use client'

import { useRouter } from 'next/navigation'
import { type FormEvent, useId, useState } from 'react'
import { errorDetail, postJson } from '@/auth/access-token'
import formStyles from '@/components/forms/Form.module.css'
import { REVISION_MESSAGE_LIMITS } from '@/revisions/limits'
import styles from './AfterDelivery.module.css'

type Labels = {
  revisionButton: string
  revisionTitle: string
  revisionHint: string
  revisionMessage: string
  revisionSend: string
  cancel: string
  revisionFailed: string
}

/**
 * "Überarbeitung wünschen" under a delivered song: opens a form for the wish, sends it
 * (POST /api/orders/{id}/revisions/) and shows the page anew, now "revision requested".
 */
export function RevisionRequestForm({ orderId, labels }: { orderId: number; labels: Labels }) {
  const router = useRouter()
  const id = useId()
  const [open, setOpen] = useState(false)
  const [message, setMessage] = useState('')
  const [sending, setSending] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)

  async function send(event: FormEvent) {
    event.preventDefault()
    setSending(true)
    setProblem(null)
    try {
      const response = await postJson(`/api/orders/${orderId}/revisions/`, { message })
      if (!response.ok) {
        setProblem((await errorDetail(response)) ?? labels.revisionFailed)
        return
      }
      setOpen(false)
      router.refresh()
    } catch (error) {
      console.error(error)
      setProblem(labels.revisionFailed)
    } finally {
      setSending(false)
    }
  }

  if (!open) {
    return (
      <div className={styles.buttons}>
        <button type="button" className="button secondary" onClick={() => setOpen(true)}>
          {labels.revisionButton}
        </button>
      </div>
    )
  }
  return (
    <form className={formStyles.form} onSubmit={send} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{labels.revisionTitle}</h3>
      <div className={formStyles.field}>
        <label htmlFor={`${id}-message`}>{labels.revisionMessage}</label>
        <textarea
          id={`${id}-message`}
          rows={5}
          required
          minLength={REVISION_MESSAGE_LIMITS.min}
          maxLength={REVISION_MESSAGE_LIMITS.max}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          aria-describedby={`${id}-hint`}
        />
        <small id={`${id}-hint`} className={formStyles.hint}>
          {labels.revisionHint}
        </small>
      </div>
      {problem && (
        <p role="alert" className={formStyles.fieldError}>
          {problem}
        </p>
      )}
      <div className={styles.buttons}>
        <button type="submit" className="button" disabled={sending}>
          {labels.revisionSend}
        </button>
        <button type="button" className="button secondary" onClick={() => setOpen(false)}>
          {labels.cancel}
        </button>
      </div>
    </form>
  )
}
