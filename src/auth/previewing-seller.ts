import { draftMode } from 'next/headers'
import type { Payload, TypedUser } from 'payload'
import { cache } from 'react'
import { currentUser } from './current-user'
import { isAdminUser } from './roles'

/**
 * The seller, when she opened this page through her preview link (Next's draft mode, switched on
 * by /api/preview/ for her alone) and is still logged in; else null. Pages then read the newest
 * drafts with her account (never cached); for everyone else, draft mode or not, they read only
 * what is published. Read once per request.
 */
export const previewingSeller = cache(async (payload: Payload): Promise<TypedUser | null> => {
  if (!(await draftMode()).isEnabled) return null
  const user = await currentUser(payload)
  return isAdminUser(user) ? user : null
})
