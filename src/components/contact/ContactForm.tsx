'use client'

import { type FormEvent, useState } from 'react'
import { errorDetail, postJson } from '@/auth/access-token'
import styles from '@/components/forms/Form.module.css'
import { HydratedFieldset } from '@/components/forms/HydratedFieldset'
import { CONTACT_LIMITS } from '@/rules/limits'

export type ContactLabels = {
  name: string
  email: string
  message: string
  send: string
  sending: string
  errorMsg: string
  sendError: string
  networkError: string
  thanks: string
  honeypot: string
}

type Status = { kind: 'editing' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'error'; message: string }

/** Contact form (spec sections 2, 5, 8): all fields required, server's `detail` shown on rejection. */
export function ContactForm({ labels }: { labels: ContactLabels }) {
  const [status, setStatus] = useState<Status>({ kind: 'editing' })

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const field = (name: string) => String(form.get(name) ?? '')
    const body = { name: field('name'), email: field('email'), message: field('message'), website: field('website') }
    if (!body.name.trim() || !body.email.trim() || !body.message.trim()) {
      setStatus({ kind: 'error', message: labels.errorMsg })
      return
    }
    setStatus({ kind: 'sending' })
    let response: Response
    try {
      response = await postJson('/api/contact/', body)
    } catch {
      setStatus({ kind: 'error', message: labels.networkError })
      return
    }
    if (response.ok) {
      setStatus({ kind: 'sent' })
      return
    }
    const detail = await errorDetail(response)
    setStatus({ kind: 'error', message: detail ?? labels.sendError })
  }

  if (status.kind === 'sent') {
    return (
      <p className={styles.thanks} role="status">
        {labels.thanks}
      </p>
    )
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <HydratedFieldset>
        <label className={styles.field}>
          <span>{labels.name}</span>
          <input name="name" type="text" autoComplete="name" maxLength={CONTACT_LIMITS.name} />
        </label>
        <label className={styles.field}>
          <span>{labels.email}</span>
          <input name="email" type="email" autoComplete="email" maxLength={CONTACT_LIMITS.email} />
        </label>
        <label className={styles.field}>
          <span>{labels.message}</span>
          <textarea name="message" rows={5} maxLength={CONTACT_LIMITS.message} />
        </label>
        {/* Bots fill every field; people never see this one. */}
        <label className={styles.honeypot} aria-hidden="true">
          <span>{labels.honeypot}</span>
          <input name="website" type="text" tabIndex={-1} autoComplete="off" />
        </label>
        {status.kind === 'error' && (
          <p className="error-message" role="alert">
            {status.message}
          </p>
        )}
        <button className="button" type="submit" disabled={status.kind === 'sending'}>
          {status.kind === 'sending' ? labels.sending : labels.send}
        </button>
      </HydratedFieldset>
    </form>
  )
}
