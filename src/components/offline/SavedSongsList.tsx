'use client'

import { useEffect, useState } from 'react'
import { fillTemplate } from '@/i18n/fill-template'
import { formatSavedSize, type SavedSong } from './offline-rules'
import { canSaveOffline, removeSong, savedSongs } from './offline-songs'

export type SavedSongsLabels = { savedSongsTitle: string; savedSongsIntro: string; saved: string; remove: string }

/**
 * The songs saved for offline listening, read from Cache Storage in the browser, with a player
 * each (the service worker answers it from the cache). On the account page (that account's) and
 * on the offline page, which is what /account shows offline (those of the account the offline
 * data belongs to: the last one logged in). Nothing when there are none.
 */
export function SavedSongsList({ accountId, locale, labels }: { accountId: number | null; locale: string; labels: SavedSongsLabels }) {
  const [songs, setSongs] = useState<{ cacheName: string; song: SavedSong }[]>([])

  useEffect(() => {
    if (canSaveOffline()) savedSongs(accountId).then(setSongs, (error) => console.error(error))
  }, [accountId])

  if (songs.length === 0) return null

  const remove = async (cacheName: string, url: string) => {
    await removeSong(cacheName, url)
    setSongs((current) => current.filter(({ song }) => song.url !== url))
  }

  return (
    <section className="card" aria-labelledby="saved-songs-title">
      <h2 id="saved-songs-title">{labels.savedSongsTitle}</h2>
      <p className="muted">{labels.savedSongsIntro}</p>
      <ul role="list">
        {songs.map(({ cacheName, song }) => (
          <li key={song.url}>
            <p>
              <strong>{song.title}</strong> · {song.order}
            </p>
            <audio controls preload="metadata" src={song.url} aria-label={`${song.order}: ${song.title}`} />
            <p className="muted">
              {fillTemplate(labels.saved, { size: formatSavedSize(song.bytes, locale) })}{' '}
              <button type="button" className="button secondary" onClick={() => remove(cacheName, song.url).catch((error) => console.error(error))}>
                {labels.remove}
              </button>
            </p>
          </li>
        ))}
      </ul>
    </section>
  )
}
