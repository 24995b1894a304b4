'use client'

import { useId } from 'react'
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form'
import styles from './Form.module.css'

/** A labelled input (react-hook-form) with an optional hint and its validation message, linked for screen readers. */
export function FormField({
  label,
  hint,
  type = 'text',
  error,
  input,
  autoComplete,
}: {
  label: string
  hint?: string
  type?: string
  error?: FieldError
  input: UseFormRegisterReturn
  autoComplete: string
}) {
  const id = useId()
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input id={id} type={type} autoComplete={autoComplete} aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
      {hint && (
        <small id={`${id}-hint`} className={styles.hint}>
          {hint}
        </small>
      )}
      {error?.message && (
        <small id={`${id}-error`} className={styles.fieldError}>
          {error.message}
        </small>
      )}
    </div>
  )
}
