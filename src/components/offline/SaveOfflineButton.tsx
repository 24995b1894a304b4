'use client'

import { useEffect, useState } from 'react'
import { fillTemplate } from '@/i18n/fill-template'
import { formatSavedSize, offlineSongsCacheName, type SavedSong } from './offline-rules'
import { canSaveOffline, removeSong, saveSong, savedSong } from './offline-songs'

export type SaveOfflineLabels = { save: string; saving: string; saved: string; remove: string; failed: string }

/**
 * "Offline speichern" for one delivered song on the order page: keeps the whole file in the
 * account's offline cache, then shows the space it takes and "Entfernen". Shown only where the
 * browser has Cache Storage.
 */
export function SaveOfflineButton({
  accountId,
  song,
  locale,
  labels,
}: {
  accountId: number
  song: Omit<SavedSong, 'bytes'>
  locale: string
  labels: SaveOfflineLabels
}) {
  const [available, setAvailable] = useState(false)
  const [saved, setSaved] = useState<SavedSong | null>(null)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)

  useEffect(() => {
    if (!canSaveOffline()) return
    setAvailable(true)
    savedSong(accountId, song.url).then(setSaved, (error) => console.error(error))
  }, [accountId, song.url])

  if (!available) return null

  async function run(action: () => Promise<SavedSong | null>) {
    setBusy(true)
    setProblem(null)
    try {
      setSaved(await action())
    } catch (error) {
      console.error(error)
      setProblem(labels.failed)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div>
      {saved ? (
        <p>
          <span>{fillTemplate(labels.saved, { size: formatSavedSize(saved.bytes, locale) })}</span>{' '}
          <button
            type="button"
            className="button secondary"
            disabled={busy}
            onClick={() => run(() => removeSong(offlineSongsCacheName(accountId), saved.url).then(() => null))}
          >
            {labels.remove}
          </button>
        </p>
      ) : (
        <button type="button" className="button secondary" disabled={busy} onClick={() => run(() => saveSong(accountId, song))}>
          {busy ? labels.saving : labels.save}
        </button>
      )}
      {problem && (
        <p role="alert" className="muted">
          {problem}
        </p>
      )}
    </div>
  )
}
