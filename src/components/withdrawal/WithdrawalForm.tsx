'use client'

import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import formStyles from '@/components/forms/Form.module.css'
import { HydratedFieldset } from '@/components/forms/HydratedFieldset'
import { formatDateTime } from '@/i18n/format-date'
import type { Locale } from '@/i18n/locales'
import type { Messages } from '@/i18n/messages/de'
import {
  declarationText,
  toDeclaration,
  type WithdrawalField,
  type WithdrawalInput,
  type WithdrawalProblemCode,
  withdrawalProblems,
} from '@/withdrawals/declaration'
import { WITHDRAWAL_LIMITS } from '@/rules/limits'
import styles from './WithdrawalForm.module.css'
import { postJson } from '@/auth/access-token'

export type WithdrawalLabels = Messages['withdrawalForm']
export type OrderOption = { id: number; label: string }
export type WithdrawalStart = { name: string; email: string; orderNumber: string }

type Values = { name: string; email: string; orderChoice: string; orderNumber: string; details: string }
type Receipt = { received_at: string; declaration: string; email: string }
type Step = { kind: 'form' } | { kind: 'review'; sending: boolean } | { kind: 'received'; receipt: Receipt }
type FieldErrors = Partial<Record<WithdrawalField, WithdrawalProblemCode>>

/** The select's choice that reveals the text field for an order number not in the list. */
const OTHER_ORDER = 'other'

/**
 * The online withdrawal function (§ 356a BGB) in three steps: the form (name, order number,
 * e-mail, optional details), the complete declaration with "Widerruf bestätigen", and the receipt
 * with date and time. Everything typed stays in this component's state through every step and
 * every error; focus moves to each step's heading so screen readers hear where they are.
 */
export function WithdrawalForm({ labels, locale, start, orders }: { labels: WithdrawalLabels; locale: Locale; start: WithdrawalStart; orders: OrderOption[] }) {
  const offered = orders.some((order) => String(order.id) === start.orderNumber)
  const [values, setValues] = useState<Values>({
    name: start.name,
    email: start.email,
    orderChoice: offered ? start.orderNumber : start.orderNumber ? OTHER_ORDER : '',
    orderNumber: offered ? '' : start.orderNumber,
    details: '',
  })
  const [step, setStep] = useState<Step>({ kind: 'form' })
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({})
  const [message, setMessage] = useState<string | null>(null)

  const id = useId()
  const fieldId = (field: WithdrawalField | 'order_choice') => `${id}-${field}`
  const headingRef = useRef<HTMLHeadingElement>(null)
  const focusAfterRender = useRef<string | null>(null)
  useEffect(() => {
    const target = focusAfterRender.current
    focusAfterRender.current = null
    if (target === 'heading') headingRef.current?.focus()
    else if (target) document.getElementById(target)?.focus()
  })

  const choosesFromList = orders.length > 0 && values.orderChoice !== OTHER_ORDER
  const input: WithdrawalInput = {
    name: values.name,
    email: values.email,
    order_number: choosesFromList ? values.orderChoice : values.orderNumber,
    details: values.details,
    locale,
  }
  const set = (field: keyof Values) => (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value })

  function showProblems(errors: FieldErrors) {
    setFieldErrors(errors)
    setStep({ kind: 'form' })
    const first = (['name', 'order_number', 'email', 'details'] as const).find((field) => errors[field])
    focusAfterRender.current = first === 'order_number' && choosesFromList ? fieldId('order_choice') : first ? fieldId(first) : null
  }

  function review(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const problems = withdrawalProblems(input)
    setMessage(null)
    if (problems.length) {
      showProblems(Object.fromEntries(problems.filter((p) => p.field).map((p) => [p.field, p.code])))
      return
    }
    setFieldErrors({})
    setStep({ kind: 'review', sending: false })
    focusAfterRender.current = 'heading'
  }

  function backToForm() {
    setMessage(null)
    setStep({ kind: 'form' })
    focusAfterRender.current = 'heading'
  }

  async function confirm() {
    setStep({ kind: 'review', sending: true })
    setMessage(null)
    let response: Response
    try {
      response = await postJson('/api/withdrawals/', input)
    } catch {
      setMessage(labels.networkError)
      setStep({ kind: 'review', sending: false })
      return
    }
    if (response.ok) {
      setStep({ kind: 'received', receipt: (await response.json()) as Receipt })
      focusAfterRender.current = 'heading'
      return
    }
    const refusal = (await response.json().catch(() => null)) as { code?: string; field?: WithdrawalField | null } | null
    if (response.status === 400 && refusal?.code && refusal.code in labels.problems) {
      const code = refusal.code as WithdrawalProblemCode
      if (refusal.field) showProblems({ [refusal.field]: code })
      else {
        setMessage(labels.problems[code])
        setStep({ kind: 'form' })
      }
      return
    }
    setMessage(response.status === 429 ? labels.tooMany : labels.sendError)
    setStep({ kind: 'review', sending: false })
  }

  const errorOf = (field: WithdrawalField) => fieldErrors[field] && labels.problems[fieldErrors[field]!]
  /** The props that tie a control to its hint and its error message. */
  const described = (field: WithdrawalField, control: string, hint?: string) => {
    const ids = [hint ? `${control}-hint` : null, errorOf(field) ? `${control}-error` : null].filter(Boolean)
    return { id: control, 'aria-invalid': errorOf(field) ? true : undefined, 'aria-describedby': ids.length ? ids.join(' ') : undefined }
  }
  const alert = message ? (
    <p className="error-message" role="alert">
      {message}
    </p>
  ) : null

  if (step.kind === 'received') {
    const [receivedBefore, receivedAfter] = labels.receivedAt.split('{{date}}')
    return (
      <section className={styles.panel} aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
          {labels.receivedTitle}
        </h2>
        <p className={formStyles.success} role="status">
          {receivedBefore}
          <time dateTime={step.receipt.received_at}>{formatDateTime(step.receipt.received_at, locale)}</time>
          {receivedAfter}
        </p>
        <Declaration label={labels.declarationLabel} text={step.receipt.declaration} />
        <p>{labels.receivedMail.replace('{{email}}', step.receipt.email)}</p>
        <p className="muted">{labels.receivedNext}</p>
      </section>
    )
  }

  if (step.kind === 'review') {
    const text = declarationText(toDeclaration(input), labels.declaration)
    return (
      <section className={styles.panel} aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
          {labels.reviewTitle}
        </h2>
        <p>{labels.reviewIntro}</p>
        <Declaration label={labels.declarationLabel} text={text} />
        {alert}
        <div className={styles.actions}>
          <button className="button" type="button" onClick={confirm} disabled={step.sending}>
            {step.sending ? labels.confirming : labels.confirm}
          </button>
          <button className="button secondary" type="button" onClick={backToForm} disabled={step.sending}>
            {labels.edit}
          </button>
        </div>
      </section>
    )
  }

  const problems = (['name', 'order_number', 'email', 'details'] as const).filter((field) => fieldErrors[field])
  return (
    <form className={formStyles.form} onSubmit={review} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1} className={styles.heading}>
        {labels.formTitle}
      </h2>
      {problems.length > 0 && (
        <div className={styles.problems} role="alert">
          <p>{labels.problemsTitle}</p>
          <ul>
            {problems.map((field) => (
              <li key={field}>{errorOf(field)}</li>
            ))}
          </ul>
        </div>
      )}
      {alert}
      <HydratedFieldset>
        <Field label={labels.name} control={fieldId('name')} error={errorOf('name')}>
          <input
            {...described('name', fieldId('name'))}
            value={values.name}
            onChange={set('name')}
            type="text"
            autoComplete="name"
            required
            maxLength={WITHDRAWAL_LIMITS.name}
          />
        </Field>
        {orders.length > 0 && (
          <Field label={labels.order} control={fieldId('order_choice')} error={choosesFromList ? errorOf('order_number') : undefined}>
            <select
              {...described('order_number', fieldId('order_choice'))}
              className={styles.select}
              value={values.orderChoice}
              onChange={set('orderChoice')}
              required
            >
              <option value="">{labels.chooseOrder}</option>
              {orders.map((order) => (
                <option key={order.id} value={String(order.id)}>
                  {order.label}
                </option>
              ))}
              <option value={OTHER_ORDER}>{labels.otherOrder}</option>
            </select>
          </Field>
        )}
        {!choosesFromList && (
          <Field label={labels.orderNumber} control={fieldId('order_number')} hint={labels.orderNumberHint} error={errorOf('order_number')}>
            <input
              {...described('order_number', fieldId('order_number'), labels.orderNumberHint)}
              value={values.orderNumber}
              onChange={set('orderNumber')}
              type="text"
              inputMode="numeric"
              required
              maxLength={WITHDRAWAL_LIMITS.orderNumber}
            />
          </Field>
        )}
        <Field label={labels.email} control={fieldId('email')} hint={labels.emailHint} error={errorOf('email')}>
          <input
            {...described('email', fieldId('email'), labels.emailHint)}
            value={values.email}
            onChange={set('email')}
            type="email"
            autoComplete="email"
            required
            maxLength={WITHDRAWAL_LIMITS.email}
          />
        </Field>
        <Field label={labels.details} control={fieldId('details')} hint={labels.detailsHint} error={errorOf('details')}>
          <textarea
            {...described('details', fieldId('details'), labels.detailsHint)}
            value={values.details}
            onChange={set('details')}
            rows={4}
            maxLength={WITHDRAWAL_LIMITS.details}
          />
        </Field>
        <button className="button" type="submit">
          {labels.review}
        </button>
      </HydratedFieldset>
    </form>
  )
}

/** A labelled control with its hint and its error message below (ids as `described` links them). */
function Field({ label, control, hint, error, children }: { label: string; control: string; hint?: string; error?: string; children: ReactNode }) {
  return (
    <div className={`${formStyles.field} ${styles.field}`}>
      <label htmlFor={control}>{label}</label>
      {children}
      {hint && (
        <small id={`${control}-hint`} className={formStyles.hint}>
          {hint}
        </small>
      )}
      {error && (
        <small id={`${control}-error`} className={formStyles.fieldError}>
          {error}
        </small>
      )}
    </div>
  )
}

/** The declaration as one block of text, named for screen readers. */
function Declaration({ label, text }: { label: string; text: string }) {
  return (
    <figure className={styles.declaration}>
      <figcaption>{label}</figcaption>
      <blockquote>{text}</blockquote>
    </figure>
  )
}
