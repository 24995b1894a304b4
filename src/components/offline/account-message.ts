/**
 * Every page tells the worker (src/sw.ts) whom the server rendered it for (`{ type: ACCOUNT_NOW,
 * account }`): the account's id and its name as GET /api/whoami/ gives it, or null for nobody.
 * A module of its own, imported by every page's registration: the page loaded the worker's
 * offline rules (and the routes they read) at idle for this one constant (issue 29).
 */
export const ACCOUNT_NOW = 'account-now'
export type RenderedFor = { id: string; name: string } | null
export const isRenderedFor = (value: unknown): value is RenderedFor =>
  value === null || (typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string' && typeof (value as { name?: unknown }).name === 'string')
