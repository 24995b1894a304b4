/**
 * Where the login page may lead back to after a login (`/login?next=…`): the customer's own
 * pages only, as a plain local path, so the parameter can never send anyone to another site.
 */
const RETURN_PATH = /^\/account(?:\/[a-z0-9-]+)*$/

export const loginReturnPath = (value: unknown): `/account${string}` | null =>
  typeof value === 'string' && RETURN_PATH.test(value) ? (value as `/account${string}`) : null

/** The login page's address that leads back to `path` afterwards. */
export const loginPathBackTo = (path: string): string => `/login?${new URLSearchParams({ next: path })}`
