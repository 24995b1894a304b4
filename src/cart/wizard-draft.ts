'use client'

import { useEffect, useState } from 'react'
import { deleteRecording, listRecordingKeys, loadRecording, saveRecording } from './recording-store'

/**
 * What the visitor entered on the details step, until the song goes into the cart: the fields in
 * sessionStorage (per tab, per package and use type), the voice recording in IndexedDB. Reloading
 * the details or review page keeps both; adding to the cart clears them.
 */
export type WizardDraft = {
  /** Package slug. */
  packageId: string
  /** Use-type slug. */
  typeId: string
  /** Focus-theme slug, '' while none is chosen. */
  theme: string
  /** Free text for the theme 'custom', else ''. */
  customTheme: string
  note: string
  spotifyOption: boolean
  recording: Blob | null
}

/** The form's part of the draft. */
export type WizardDraftFields = Pick<WizardDraft, 'theme' | 'customTheme' | 'note' | 'spotifyOption'>

type StoredDraft = WizardDraftFields & { hasRecording: boolean }

/** Length limits of the free-text fields. */
export const CUSTOM_THEME_MAX_LENGTH = 200
export const NOTE_MAX_LENGTH = 2000

export const EMPTY_DRAFT_FIELDS: WizardDraftFields = { theme: '', customTheme: '', note: '', spotifyOption: false }

const SESSION_KEY = 'wizard-session'
const STALE_AFTER_MS = 3 * 24 * 60 * 60 * 1000
const fieldsKey = (packageSlug: string, typeSlug: string) => `wizard-draft:${packageSlug}/${typeSlug}`

function session(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}

/**
 * This tab's id, which starts with its creation time: recordings of drafts whose tab was closed
 * are recognised by their age and removed (see pruneAbandonedRecordings).
 */
function tabId(): string {
  const storage = session()
  let id = storage?.getItem(SESSION_KEY)
  if (!id) {
    id = `${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}`
    storage?.setItem(SESSION_KEY, id)
  }
  return id
}

const recordingKey = (packageSlug: string, typeSlug: string) => `draft:${tabId()}:${packageSlug}/${typeSlug}`

function readStored(packageSlug: string, typeSlug: string): StoredDraft | null {
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

function writeStored(packageSlug: string, typeSlug: string, draft: StoredDraft): void {
  try {
    session()?.setItem(fieldsKey(packageSlug, typeSlug), JSON.stringify(draft))
  } catch {
    // Storage full or disabled: the draft then lives only as long as the page.
  }
}

// Recording writes run one after another, and reads wait for them, so a quick "next" after
// "stop" never reads an older state.
let pending: Promise<unknown> = Promise.resolve()
function enqueue<T>(task: () => Promise<T>): Promise<T> {
  const result = pending.then(task, task)
  pending = result.catch(() => undefined)
  return result
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

/** Stores or (with null) deletes the draft's recording. */
export function saveDraftRecording(packageSlug: string, typeSlug: string, recording: Blob | null): Promise<void> {
  const key = recordingKey(packageSlug, typeSlug)
  return enqueue(async () => {
    if (recording) await saveRecording(key, recording)
    else await deleteRecording(key)
    const fields = readStored(packageSlug, typeSlug) ?? { ...EMPTY_DRAFT_FIELDS, hasRecording: false }
    writeStored(packageSlug, typeSlug, { ...fields, hasRecording: recording !== null })
  })
}

/** The whole draft including its recording, or null when there is none. */
export function loadWizardDraft(packageSlug: string, typeSlug: string): Promise<WizardDraft | null> {
  return enqueue(async () => {
    const stored = readStored(packageSlug, typeSlug)
    if (!stored) return null
    const { hasRecording, ...fields } = stored
    const recording = hasRecording ? await loadRecording(recordingKey(packageSlug, typeSlug)).catch(() => null) : null
    return { packageId: packageSlug, typeId: typeSlug, ...fields, recording }
  })
}

/** Forgets the draft (after it went into the cart). */
export function clearWizardDraft(packageSlug: string, typeSlug: string): Promise<void> {
  const key = recordingKey(packageSlug, typeSlug)
  try {
    session()?.removeItem(fieldsKey(packageSlug, typeSlug))
  } catch {
    // Nothing stored then.
  }
  return enqueue(() => deleteRecording(key).catch(() => undefined))
}

/** Resolves once every recording write started so far has finished. */
export function draftWritesSettled(): Promise<void> {
  return enqueue(async () => undefined)
}

let pruned = false
/** Deletes recordings of drafts from tabs created days ago (closed tabs leave them behind). */
async function pruneAbandonedRecordings(): Promise<void> {
  if (pruned) return
  pruned = true
  const current = tabId()
  const now = Date.now()
  const keys = await listRecordingKeys()
  const abandoned = keys.filter((key) => {
    const [kind, tab] = key.split(':')
    if (kind !== 'draft' || !tab || tab === current) return false
    const created = Number.parseInt(tab.split('.')[0], 36)
    return !Number.isFinite(created) || now - created > STALE_AFTER_MS
  })
  await Promise.allSettled(abandoned.map((key) => deleteRecording(key)))
}

export type WizardDraftState = { status: 'loading'; draft: null } | { status: 'ready'; draft: WizardDraft | null }

/**
 * The draft for one package and use type, read once on mount (null when there is none). Used by
 * the details step, the review and anything rendered inside the review (the direct-order form).
 */
export function useWizardDraft(packageSlug: string, typeSlug: string): WizardDraftState {
  const [state, setState] = useState<WizardDraftState>({ status: 'loading', draft: null })
  useEffect(() => {
    let active = true
    setState({ status: 'loading', draft: null })
    loadWizardDraft(packageSlug, typeSlug)
      .catch(() => null)
      .then((draft) => active && setState({ status: 'ready', draft }))
    pruneAbandonedRecordings().catch(() => undefined)
    return () => {
      active = false
    }
  }, [packageSlug, typeSlug])
  return state
}
