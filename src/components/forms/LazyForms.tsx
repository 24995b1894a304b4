'use client'

import { type ComponentType, lazy, Suspense } from 'react'
// The forms' styles come with the page, not with the forms' scripts: the server renders a form at
// once, and styled only when its script had arrived it grew under the visitor's eyes (a layout
// shift of 0.17 on /login, issue 29).
import '@/components/forms/Form.module.css'
import '@/components/checkout/Checkout.module.css'
import '@/components/prices/PriceTable.module.css'
import '@/components/wizard/DetailsForm.module.css'

/**
 * A form whose script (react-hook-form with it) loads after the page's own first scripts: the
 * server renders it as ever, and it comes to life a moment later, inside its fieldset that stays
 * disabled until then (HydratedFieldset). Pages built around a form carried it in their first load,
 * 10 to 15 KB over every other page (issue 29); forms shown only to some visitors load only for them.
 */
function lazily<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  const Form = lazy(async () => ({ default: await load() }))
  function LazyForm(props: Props) {
    return (
      <Suspense>
        <Form {...props} />
      </Suspense>
    )
  }
  return LazyForm
}

export const LazyAuthForms = lazily(() => import('@/components/auth/AuthForms').then((module) => module.AuthForms))
export const LazyForgotPasswordForm = lazily(() => import('@/components/auth/ForgotPasswordForm').then((module) => module.ForgotPasswordForm))
export const LazyResetPasswordForm = lazily(() => import('@/components/auth/ResetPasswordForm').then((module) => module.ResetPasswordForm))
export const LazyCheckoutForm = lazily(() => import('@/components/checkout/CheckoutForm').then((module) => module.CheckoutForm))
export const LazyDirectOrderForm = lazily(() => import('@/components/checkout/DirectOrderForm').then((module) => module.DirectOrderForm))
export const LazyDetailsForm = lazily(() => import('@/components/wizard/DetailsForm').then((module) => module.DetailsForm))
