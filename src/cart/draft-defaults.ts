/** The details form's fields: all the form needs before the draft is read (their limits: ORDER_LIMITS). */
export type WizardDraftFields = { theme: string; customTheme: string; note: string; spotifyOption: boolean }

export const EMPTY_DRAFT_FIELDS: WizardDraftFields = { theme: '', customTheme: '', note: '', spotifyOption: false }
