'use client'

import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { postJson, storeAccessToken } from '@/auth/access-token'
import styles from '@/components/forms/Form.module.css'
import { FormField } from '@/components/forms/FormField'
import { HydratedFieldset } from '@/components/forms/HydratedFieldset'
import { PASSWORD_LENGTH } from '@/rules/passwords'
import type { PasswordResetLabels } from './ForgotPasswordForm'

type Outcome = { kind: 'error'; text: string; linkInvalid: boolean } | { kind: 'done'; next: string } | null

/**
 * Sets a new password with the token from the mail's link. On success the visitor is logged in
 * (the answer's `access` and cookie, as after a login) and every other session of the account has ended.
 */
export function ResetPasswordForm({ token, labels }: { token: string; labels: PasswordResetLabels }) {
  const router = useRouter()
  const [outcome, setOutcome] = useState<Outcome>(null)
  const { register, handleSubmit, formState } = useForm<{ password: string }>({ defaultValues: { password: '' } })
  const { errors, isSubmitting } = formState

  async function save({ password }: { password: string }): Promise<void> {
    let response: Response
    try {
      response = await postJson('/api/accounts/password-reset/confirm/', { token, password })
    } catch {
      setOutcome({ kind: 'error', text: labels.networkError, linkInvalid: false })
      return
    }
    const body = (await response.json().catch(() => ({}))) as { code?: string; access?: string; next?: string }
    if (!response.ok) {
      const text = labels.problems[body.code as keyof PasswordResetLabels['problems']] ?? labels.failed
      setOutcome({ kind: 'error', text, linkInvalid: body.code === 'invalid_token' })
      return
    }
    if (body.access) storeAccessToken(body.access)
    setOutcome({ kind: 'done', next: body.next === '/admin' ? '/admin' : '/account' })
    router.refresh()
  }

  if (outcome?.kind === 'done') {
    return (
      <section className={styles.authPanel} aria-labelledby="reset-title">
        <h1 id="reset-title">{labels.resetTitle}</h1>
        <p className={styles.success} role="status">
          {labels.done}
        </p>
        {outcome.next === '/admin' ? <a href="/admin">{labels.toAdmin}</a> : <Link href="/account">{labels.toAccount}</Link>}
      </section>
    )
  }

  return (
    <section className={styles.authPanel} aria-labelledby="reset-title">
      <h1 id="reset-title">{labels.resetTitle}</h1>
      <p className="muted">{labels.resetIntro}</p>
      <form className={styles.form} onSubmit={handleSubmit(save)} noValidate>
        <HydratedFieldset>
          <FormField
            label={labels.newPassword}
            hint={labels.passwordHint}
            type="password"
            error={errors.password}
            input={register('password', {
              required: labels.required,
              minLength: { value: PASSWORD_LENGTH.min, message: labels.problems.password_too_short },
            })}
            autoComplete="new-password"
          />
          <button className="button" type="submit" disabled={isSubmitting}>
            {isSubmitting ? labels.saving : labels.save}
          </button>
        </HydratedFieldset>
      </form>
      {outcome?.kind === 'error' && (
        <p className="error-message" role="alert">
          <span aria-hidden="true">✕ </span>
          {outcome.text}
        </p>
      )}
      {outcome?.kind === 'error' && outcome.linkInvalid && <Link href="/forgot-password">{labels.requestNew}</Link>}
    </section>
  )
}
