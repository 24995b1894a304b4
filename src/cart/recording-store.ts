import { createStore, del, get, keys, set, type UseStore } from 'idb-keyval'

/**
 * Voice recordings kept in the browser until the order is placed. A Blob does not fit in
 * localStorage, so recordings live in IndexedDB (a database of their own) and the cart and the
 * wizard draft only hold the key.
 */

/** Recordings are WebM (Opus); uploads carry this fixed file name (spec section 9). */
export const RECORDING_FILE_NAME = 'audio-recording.webm'

let store: UseStore | undefined
// Created on first use: IndexedDB exists only in the browser.
const recordings = (): UseStore => (store ??= createStore('lina-sommer-recordings', 'recordings'))

export async function saveRecording(key: string, blob: Blob): Promise<void> {
  await set(key, blob, recordings())
}

/** The recording under `key`, or null when there is none (or it is not a Blob). */
export async function loadRecording(key: string): Promise<Blob | null> {
  const value: unknown = await get(key, recordings())
  return value instanceof Blob ? value : null
}

export async function deleteRecording(key: string): Promise<void> {
  await del(key, recordings())
}

/** Every stored key (for removing leftovers of abandoned drafts). */
export async function listRecordingKeys(): Promise<string[]> {
  const stored = await keys(recordings())
  return stored.filter((key): key is string => typeof key === 'string')
}
