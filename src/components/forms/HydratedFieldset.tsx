'use client'

import { type ReactNode, useSyncExternalStore } from 'react'
import styles from './Form.module.css'

const noSubscription = () => () => {}

/**
 * False while the page's server HTML is shown and React hydrates it, true from then on (and for
 * anything rendered in the browser alone). useSyncExternalStore takes the server's value while
 * hydrating and renders again at once with the browser's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}

/**
 * The fields of a server-rendered form, disabled until React has taken the form over: react-hook-form
 * (and any field whose value lives in React state) resets a field filled before then to the form's
 * default, and a click would submit the bare HTML form, its values in the URL. The fieldset makes
 * no box of its own (`display: contents`), so the form is laid out as before. `disabled` adds the
 * form's own reasons (e.g. while it is sent).
 */
export function HydratedFieldset({ children, disabled = false }: { children: ReactNode; disabled?: boolean }) {
  const hydrated = useHydrated()
  return (
    <fieldset className={styles.untilHydrated} disabled={!hydrated || disabled}>
      {children}
    </fieldset>
  )
}
