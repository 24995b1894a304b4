'use client'

import { type ComponentProps, lazy, Suspense } from 'react'
// The form's styles come with the page, so the server-rendered form is styled from the first paint (as LazyForms does).
import '@/components/forms/Form.module.css'
import '@/components/checkout/Checkout.module.css'

const TipForm = lazy(() => import('./TipForm').then((module) => ({ default: module.TipForm })))

/**
 * The tip form (issue 33) with its script (react-hook-form with it) loaded after the page's own
 * first scripts: a module of its own rather than an entry of LazyForms, whose other forms' styles
 * the account pages do not need.
 */
export function LazyTipForm(props: ComponentProps<typeof TipForm>) {
  return (
    <Suspense>
      <TipForm {...props} />
    </Suspense>
  )
}
