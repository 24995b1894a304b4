'use client'

import { useEffect, useState } from 'react'
import { EMPTY_DRAFT_FIELDS, enqueue, readStored, removeStored, session, writeStored } from './draft-fields'

export { EMPTY_DRAFT_FIELDS, type WizardDraftFields } from './draft-defaults'
export { draftWritesSettled, readDraftFields, saveDraftFields } from './draft-fields'

// The IndexedDB code loads when a recording is first read or written (most drafts have none).
const recordings = () => import('./recording-store')

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
  /** Free text for CUSTOM_THEME, else ''. */
  customTheme: string
  note: string
  spotifyOption: boolean
  recording: Blob | null
}

const SESSION_KEY = 'wizard-session'
const STALE_AFTER_MS = 3 * 24 * 60 * 60 * 1000

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

/** Stores or (with null) deletes the draft's recording. */
export function saveDraftRecording(packageSlug: string, typeSlug: string, recording: Blob | null): Promise<void> {
  const key = recordingKey(packageSlug, typeSlug)
  return enqueue(async () => {
    const { deleteRecording, saveRecording } = await recordings()
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
    const recording = hasRecording
      ? await recordings()
          .then(({ loadRecording }) => loadRecording(recordingKey(packageSlug, typeSlug)))
          .catch(() => null)
      : null
    return { packageId: packageSlug, typeId: typeSlug, ...fields, recording }
  })
}

/** Forgets the draft (after it went into the cart). */
export function clearWizardDraft(packageSlug: string, typeSlug: string): Promise<void> {
  const key = recordingKey(packageSlug, typeSlug)
  removeStored(packageSlug, typeSlug)
  return enqueue(() =>
    recordings()
      .then(({ deleteRecording }) => deleteRecording(key))
      .catch(() => undefined),
  )
}

let pruned = false
/** Deletes recordings of drafts from tabs created days ago (closed tabs leave them behind). */
async function pruneAbandonedRecordings(): Promise<void> {
  if (pruned) return
  pruned = true
  const current = tabId()
  const now = Date.now()
  const { deleteRecording, listRecordingKeys } = await recordings()
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
