/**
 * The form's part of the wizard draft (see wizard-draft.ts): synchronous, in sessionStorage, per
 * tab, per package and use type. Kept apart so the details form loads no IndexedDB code.
 */

import { EMPTY_DRAFT_FIELDS, type WizardDraftFields } from './draft-defaults'

export { EMPTY_DRAFT_FIELDS, type WizardDraftFields } from './draft-defaults'

/** What sessionStorage holds: the fields and whether a recording belongs to the draft. */
export type StoredDraft = WizardDraftFields & { hasRecording: boolean }

const fieldsKey = (packageSlug: string, typeSlug: string) => `wizard-draft:${packageSlug}/${typeSlug}`

export function session(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}

export function readStored(packageSlug: string, typeSlug: string): StoredDraft | null {
  try {
    const raw = session()?.getItem(fieldsKey(packageSlug, typeSlug))
    if (!raw) return null
    const value = JSON.parse(raw) as Record<string, unknown>
    if (typeof value !== 'object' || value === null) return null
    const text = (field: unknown) => (typeof field === 'string' ? field : '')
    return {
      theme: text(value.theme),
      customTheme: text(value.customTheme),
      note: text(value.note),
      spotifyOption: value.spotifyOption === true,
      hasRecording: value.hasRecording === true,
    }
  } catch {
    return null
  }
}

export function writeStored(packageSlug: string, typeSlug: string, draft: StoredDraft): void {
  try {
    session()?.setItem(fieldsKey(packageSlug, typeSlug), JSON.stringify(draft))
  } catch {
    // Storage full or disabled: the draft then lives only as long as the page.
  }
}

export function removeStored(packageSlug: string, typeSlug: string): void {
  try {
    session()?.removeItem(fieldsKey(packageSlug, typeSlug))
  } catch {
    // Nothing stored then.
  }
}

// Recording writes run one after another, and reads wait for them, so a quick "next" after
// "stop" never reads an older state.
let pending: Promise<unknown> = Promise.resolve()
export function enqueue<T>(task: () => Promise<T>): Promise<T> {
  const result = pending.then(task, task)
  pending = result.catch(() => undefined)
  return result
}

/** Resolves once every recording write started so far has finished. */
export function draftWritesSettled(): Promise<void> {
  return enqueue(async () => undefined)
}

/** The form's fields of the draft, or null when this tab has no draft for this package and use type. */
export function readDraftFields(packageSlug: string, typeSlug: string): WizardDraftFields | null {
  const stored = readStored(packageSlug, typeSlug)
  if (!stored) return null
  const { hasRecording: _, ...fields } = stored
  return fields
}

/** Stores the form's fields (synchronously; keeps the recording). */
export function saveDraftFields(packageSlug: string, typeSlug: string, fields: WizardDraftFields): void {
  const hasRecording = readStored(packageSlug, typeSlug)?.hasRecording ?? false
  writeStored(packageSlug, typeSlug, { ...EMPTY_DRAFT_FIELDS, ...fields, hasRecording })
}
