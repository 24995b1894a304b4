/**
 * How the shop names a logged-in account: its username, else its e-mail address. GET /api/whoami/
 * answers it, the account page greets with it, and the service worker compares the two
 * (src/components/offline/ServiceWorkerRegistration.tsx).
 */
export const accountName = (user: { username?: string | null; email: string }): string => user.username ?? user.email
