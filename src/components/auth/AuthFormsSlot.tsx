'use client'

import { type ComponentProps, lazy, Suspense } from 'react'

const AuthForms = lazy(() => import('./AuthForms').then((module) => ({ default: module.AuthForms })))

/** Login and registration inside another page (checkout), loaded only for a visitor who is logged out. */
export function AuthFormsSlot(props: ComponentProps<typeof AuthForms>) {
  return (
    <Suspense>
      <AuthForms {...props} />
    </Suspense>
  )
}
