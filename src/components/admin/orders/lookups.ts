import type { Payload } from 'payload'
import { cache } from 'react'

/** The order fields that hold a slug of the wizard's choices, and where their names live. */
const CHOICE_SOURCES = {
  package: { collection: 'packages', name: 'name' },
  use_type: { collection: 'use-types', name: 'label' },
  theme: { collection: 'focus-themes', name: 'label' },
} as const

export type ChoiceField = keyof typeof CHOICE_SOURCES

export const isChoiceField = (name: string): name is ChoiceField => name in CHOICE_SOURCES

/**
 * slug → name of one kind of choice in one language. Cached for one render of the admin (React's
 * request cache), so a list of fifty orders reads each lookup once, not once per cell.
 */
export const choiceNames = cache(async (payload: Payload, field: ChoiceField, locale: 'de' | 'en'): Promise<Map<string, string>> => {
  const { collection, name } = CHOICE_SOURCES[field]
  const { docs } = await payload.find({ collection, locale, pagination: false, depth: 0 })
  return new Map(docs.map((doc) => [doc.slug, String((doc as unknown as Record<string, unknown>)[name] ?? doc.slug)]))
})

/** The customer's name and e-mail for a list row, cached per render like the choices. */
export const customerById = cache(async (payload: Payload, id: number) => {
  const { docs } = await payload.find({ collection: 'users', where: { id: { equals: id } }, limit: 1, depth: 0, select: { username: true, email: true } })
  return docs[0] ?? null
})
