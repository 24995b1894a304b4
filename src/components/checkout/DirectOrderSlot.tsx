'use client'

import { type ComponentProps, lazy, Suspense } from 'react'

const DirectOrderForm = lazy(() => import('./DirectOrderForm').then((module) => ({ default: module.DirectOrderForm })))

/** The direct order form, loaded only for a logged-in customer on the review page. */
export function DirectOrderSlot(props: ComponentProps<typeof DirectOrderForm>) {
  return (
    <Suspense>
      <DirectOrderForm {...props} />
    </Suspense>
  )
}
