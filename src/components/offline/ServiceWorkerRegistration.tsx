'use client'

import { useEffect } from 'react'
import { SERVICE_WORKER_URL } from './worker-url'

/**
 * Registers the service worker (src/sw.ts) once the page has loaded, in production builds (in
 * development every request renders anew). `updateViaCache: 'none'`: the browser asks for the
 * worker's script on every visit, so a new deployment takes over at once. Also forgets the saved
 * songs when nobody is logged in any more (loaded only then, so pages stay small).
 */
export function ServiceWorkerRegistration() {
  useEffect(() => {
    if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return
    const register = () => {
      navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' }).catch((error) => console.error('service worker', error))
      import('./offline-songs')
        .then(({ forgetAccountDataWhenLoggedOut }) => forgetAccountDataWhenLoggedOut())
        .catch((error) => console.error('offline songs', error))
    }
    if (document.readyState === 'complete') register()
    else window.addEventListener('load', register, { once: true })
    return () => window.removeEventListener('load', register)
  }, [])
  return null
}
