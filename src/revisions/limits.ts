/** The revision request's message: long enough to say what should change, short enough to read at a glance. */
export const REVISION_MESSAGE_LIMITS = { min: 10, max: 2000 } as const

/** What a package includes when it does not say (the Packages field's default). */
export const DEFAULT_REVISIONS_INCLUDED = 1
