import type { Payload, TypedUser } from 'payload'
import { cache } from 'react'
import { type ChoiceNames, choiceNames } from '@/catalog/wizard-choices'
import { adminViewer } from '../viewer'

/** The order fields that hold a slug of the wizard's choices, and where the shop's name lists keep them. */
const NAMES_OF = { package: 'packages', use_type: 'useTypes', theme: 'themes' } as const satisfies Record<string, keyof ChoiceNames>

export type ChoiceField = keyof typeof NAMES_OF

export const isChoiceField = (name: string): name is ChoiceField => name in NAMES_OF

/** A choice's name in the admin's language, from the storefront's cached name lists (the slug if it was deleted since). */
export async function choiceName(payload: Payload, field: ChoiceField, slug: string, locale: 'de' | 'en'): Promise<string> {
  return (await choiceNames(payload, locale))[NAMES_OF[field]][slug] ?? slug
}

/**
 * The customer's name and e-mail for a list row, cached per render like the choices. Read with
 * the viewer's access, by default the request's own viewer (./viewer.ts), not the server's: whoever
 * else got this rendered sees no one but themselves.
 */
export const customerById = cache(async (payload: Payload, id: number, viewerGiven?: TypedUser | null) => {
  const viewer = viewerGiven === undefined ? await adminViewer(payload) : viewerGiven
  if (!viewer) return null
  const { docs } = await payload.find({
    collection: 'users',
    where: { id: { equals: id } },
    limit: 1,
    depth: 0,
    select: { username: true, email: true },
    user: viewer,
    overrideAccess: false,
  })
  return docs[0] ?? null
})
