'use client'

import { useEffect } from 'react'
import { whenIdle } from '@/components/when-idle'
import { ACCOUNT_NOW, type RenderedFor } from './account-message'
import { SERVICE_WORKER_URL } from './worker-url'

const inProduction = () => process.env.NODE_ENV === 'production' && 'serviceWorker' in navigator

/**
 * Registers the service worker (src/sw.ts) once the page has loaded and is idle, in production builds (in
 * development every request renders anew). `updateViaCache: 'none'`: the browser asks for the
 * worker's script on every visit, so a new deployment takes over at once. Tells the worker whom
 * the server rendered the page for (`renderedFor`, on each load and when a login or logout
 * renders it anew): the offline data belongs to that account, and the worker forgets another
 * account's once the server confirms the change.
 */
export function ServiceWorkerRegistration({ renderedFor }: { renderedFor: RenderedFor }) {
  useEffect(() => {
    if (!inProduction()) return
    const register = () =>
      navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' }).catch((error) => console.error('service worker', error))
    // After the load event and once the page is idle: the worker's install fetches the offline
    // pages and their scripts, which must not compete with the page's own (issue 29).
    let cancel = () => {}
    const registerWhenIdle = () => (cancel = whenIdle(register))
    if (document.readyState === 'complete') registerWhenIdle()
    else window.addEventListener('load', registerWhenIdle, { once: true })
    return () => {
      window.removeEventListener('load', registerWhenIdle)
      cancel()
    }
  }, [])

  const id = renderedFor?.id ?? null
  const name = renderedFor?.name ?? null
  useEffect(() => {
    if (!inProduction()) return
    const account: RenderedFor = id === null || name === null ? null : { id, name }
    // Once the page is idle, in a task of its own (issue 29).
    return whenIdle(() =>
      navigator.serviceWorker.ready
        .then((registration) => registration.active?.postMessage({ type: ACCOUNT_NOW, account }))
        .catch((error) => console.error('service worker', error)),
    )
  }, [id, name])
  return null
}
