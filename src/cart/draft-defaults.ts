/** The details form's fields and their limits: all the form needs before the draft is read. */
export type WizardDraftFields = { theme: string; customTheme: string; note: string; spotifyOption: boolean }

export const EMPTY_DRAFT_FIELDS: WizardDraftFields = { theme: '', customTheme: '', note: '', spotifyOption: false }

/** Length limits of the free-text fields. */
export const CUSTOM_THEME_MAX_LENGTH = 200
export const NOTE_MAX_LENGTH = 2000
