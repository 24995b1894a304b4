import { headers } from 'next/headers'
import type { Payload, TypedUser } from 'payload'
import { cache } from 'react'

/**
 * Who is looking at the admin: the account the request's own login cookie or token names, as
 * Payload's auth strategies read it (JWT, cookie with its origin check), or null. Taken from the
 * request, never from a component's props, so nobody can hand in someone else's. Once per render.
 */
export const adminViewer = cache(async (payload: Payload): Promise<TypedUser | null> => (await payload.auth({ headers: await headers() })).user)
