import type { FieldAccess } from 'payload'

/** A gift link's revocation is one-way: set once (by its owner or the seller), never cleared. */
export const revokeOnce: FieldAccess = ({ doc }) => !doc?.revoked_at
