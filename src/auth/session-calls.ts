import { apiFetch, storeAccessToken } from './access-token'

/** Spec section 9: the login is refreshed every 300000 ms (5 minutes). */
export const TOKEN_REFRESH_MS = 300_000

let calledAtStartUp = false

/** The start-up calls of spec section 7, once per page load; failures are only logged. */
function callAtStartUp(): void {
  if (calledAtStartUp) return
  calledAtStartUp = true
  apiFetch('/api/csrf/').catch((error) => console.error('csrf', error))
  apiFetch('/api/whoami/')
    .then((response) => response.json())
    .catch((error) => console.error('whoami', error))
}

async function refreshToken(): Promise<void> {
  try {
    const response = await apiFetch('/api/auth/refresh/', { method: 'POST' })
    if (!response.ok) throw new Error(`refresh answered ${response.status}`)
    const { access } = (await response.json()) as { access?: string }
    if (access) storeAccessToken(access)
  } catch (error) {
    console.error('token refresh', error)
  }
}

/** Starts the session's calls; while logged in, the token refresh every five minutes. Returns the stop. */
export function startSession(loggedIn: boolean): () => void {
  callAtStartUp()
  if (!loggedIn) return () => {}
  const timer = setInterval(refreshToken, TOKEN_REFRESH_MS)
  return () => clearInterval(timer)
}
