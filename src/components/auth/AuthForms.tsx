'use client'

import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { errorDetail, postJson, storeAccessToken } from '@/auth/access-token'
import styles from '@/components/forms/Form.module.css'
import { FormField as Field } from '@/components/forms/FormField'
import { HydratedFieldset, useHydrated } from '@/components/forms/HydratedFieldset'
import type { Locale } from '@/i18n/locales'
import type { Messages } from '@/i18n/messages/de'
import { EMAIL_PATTERN } from '@/rules/email'
import { PASSWORD_LENGTH } from '@/rules/passwords'
import { isUsername } from '@/rules/usernames'

export type AccountsLabels = Messages['accounts']

/** Where a successful login leads: the account page or one of its pages (the login page), or the same page (checkout). */
export type AfterLogin = 'account' | `/account${string}` | 'stay'

type Mode = 'login' | 'register'
type Feedback = { kind: 'error' | 'success'; text: string } | null

/**
 * Login, toggling with registration (spec sections 2 and 4). The fields are checked here as a
 * courtesy; the server checks everything again and its refusals are shown in the visitor's language.
 */
export function AuthForms({
  labels,
  forgotPasswordLabel,
  locale,
  afterLogin,
  headingLevel = 2,
}: {
  labels: AccountsLabels
  /** The link to /forgot-password under the login form. */
  forgotPasswordLabel: string
  /** The page's language: a new account is registered in it (its mails are written in it). */
  locale: Locale
  afterLogin: AfterLogin
  /** 1 where the forms are the page (/login), 2 inside another page (checkout). */
  headingLevel?: 1 | 2
}) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2'
  const router = useRouter()
  const [mode, setMode] = useState<Mode>('login')
  const [feedback, setFeedback] = useState<Feedback>(null)
  // Until hydrated a click on the switch is lost (the forms' fields wait in HydratedFieldset).
  const hydrated = useHydrated()

  /** POST /api/auth/ answers `access`: stored, then the user is refreshed and the visitor moves on. */
  async function logIn(username: string, password: string): Promise<void> {
    let response: Response
    try {
      response = await postJson('/api/auth/', { username, password })
    } catch {
      setFeedback({ kind: 'error', text: labels.networkError })
      return
    }
    if (!response.ok) {
      setFeedback({ kind: 'error', text: response.status === 429 ? labels.locked : labels.fault })
      return
    }
    const { access } = (await response.json()) as { access?: string }
    if (access) storeAccessToken(access)
    setFeedback({ kind: 'success', text: labels.success })
    if (afterLogin !== 'stay') router.push(afterLogin === 'account' ? '/account' : afterLogin)
    router.refresh()
  }

  async function register(values: RegisterValues): Promise<void> {
    let response: Response
    try {
      response = await postJson('/api/accounts/register/', { ...values, locale })
    } catch {
      setFeedback({ kind: 'error', text: labels.networkError })
      return
    }
    if (!response.ok) {
      const body = (await response
        .clone()
        .json()
        .catch(() => ({}))) as { code?: string }
      const translated = body.code ? labels.problems[body.code as keyof AccountsLabels['problems']] : undefined
      const reason = translated ?? (await errorDetail(response))
      setFeedback({ kind: 'error', text: reason ? `${labels.registrationFailed} ${reason}` : labels.registrationFailed })
      return
    }
    await logIn(values.username, values.password)
  }

  const switchMode = () => {
    setMode(mode === 'login' ? 'register' : 'login')
    setFeedback(null)
  }

  return (
    <section className={styles.authPanel} aria-labelledby="auth-title">
      <Heading id="auth-title">{mode === 'login' ? labels.loginTitle : labels.registerTitle}</Heading>
      <p className="muted">{mode === 'login' ? labels.loginIntro : labels.registerIntro}</p>
      {mode === 'login' ? (
        <>
          <LoginForm labels={labels} onSubmit={({ username, password }) => logIn(username.trim(), password)} />
          <Link href="/forgot-password">{forgotPasswordLabel}</Link>
        </>
      ) : (
        <RegisterForm labels={labels} onSubmit={register} />
      )}
      {feedback?.kind === 'error' && (
        <p className="error-message" role="alert">
          <span aria-hidden="true">✕ </span>
          {feedback.text}
        </p>
      )}
      {feedback?.kind === 'success' && (
        <p className={styles.success} role="status">
          {feedback.text}
        </p>
      )}
      <button type="button" className="link-button" onClick={switchMode} disabled={!hydrated}>
        {mode === 'login' ? labels.switchToRegister : labels.switchToLogin}
      </button>
    </section>
  )
}

type LoginValues = { username: string; password: string }

function LoginForm({ labels, onSubmit }: { labels: AccountsLabels; onSubmit: (values: LoginValues) => Promise<void> }) {
  const { register, handleSubmit, formState } = useForm<LoginValues>({ defaultValues: { username: '', password: '' } })
  const { errors, isSubmitting } = formState
  return (
    <form className={styles.form} onSubmit={handleSubmit(onSubmit)} noValidate>
      <HydratedFieldset>
        <Field
          label={labels.usernameOrEmail}
          error={errors.username}
          input={register('username', { validate: (value) => value.trim() !== '' || labels.required })}
          autoComplete="username"
        />
        <Field
          label={labels.password}
          type="password"
          error={errors.password}
          input={register('password', { required: labels.required })}
          autoComplete="current-password"
        />
        <button className="button" type="submit" disabled={isSubmitting}>
          {isSubmitting ? labels.loggingIn : labels.login}
        </button>
      </HydratedFieldset>
    </form>
  )
}

type RegisterValues = { username: string; email: string; password: string }

function RegisterForm({ labels, onSubmit }: { labels: AccountsLabels; onSubmit: (values: RegisterValues) => Promise<void> }) {
  const { register, handleSubmit, formState } = useForm<RegisterValues>({ defaultValues: { username: '', email: '', password: '' } })
  const { errors, isSubmitting } = formState
  const { problems } = labels
  return (
    <form
      className={styles.form}
      onSubmit={handleSubmit((values) => onSubmit({ ...values, username: values.username.trim(), email: values.email.trim() }))}
      noValidate
    >
      <HydratedFieldset>
        <Field
          label={labels.username}
          hint={labels.usernameHint}
          error={errors.username}
          input={register('username', {
            required: labels.required,
            validate: (value) => isUsername(value.trim()) || problems.invalid_username,
          })}
          autoComplete="username"
        />
        <Field
          label={labels.email}
          hint={labels.emailHint}
          type="email"
          error={errors.email}
          input={register('email', { required: labels.required, pattern: { value: EMAIL_PATTERN, message: problems.invalid_email } })}
          autoComplete="email"
        />
        <Field
          label={labels.password}
          hint={labels.passwordHint}
          type="password"
          error={errors.password}
          input={register('password', {
            required: labels.required,
            minLength: { value: PASSWORD_LENGTH.min, message: problems.password_too_short },
          })}
          autoComplete="new-password"
        />
        <button className="button" type="submit" disabled={isSubmitting}>
          {isSubmitting ? labels.registering : labels.register}
        </button>
      </HydratedFieldset>
    </form>
  )
}
