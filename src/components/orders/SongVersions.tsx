import { fillTemplate } from '@/i18n/fill-template'
import type { DownloadChoice } from './DownloadButtons'
import { DownloadButtons } from './DownloadButtons'
import { SaveOfflineButton, type SaveOfflineLabels } from '@/components/offline/SaveOfflineButton'
import styles from './AfterDelivery.module.css'

export type VersionView = {
  version: number
  heading: string
  songs: { audioId: number; url: string | null; peaks: string | null; caption: string; downloads: DownloadChoice[] }[]
  /** The customer's revision request about this version, as a sentence with its date, and the message. */
  revision: { intro: string; message: string } | null
}

/**
 * The delivered song's versions, newest first ("Fassung 2", "Fassung 1"), each with a player and
 * its downloads; between them the revision the customer asked for after the older one.
 */
export function SongVersions({
  orderId,
  versions,
  labels,
  offline,
}: {
  orderId: number
  versions: VersionView[]
  labels: { downloadsOf: string; downloadFailed: string }
  /** "Offline speichern" per song, for the logged-in viewer (src/components/offline). */
  offline: { accountId: number; orderLabel: string; locale: string; labels: SaveOfflineLabels }
}) {
  return (
    <ol className={styles.versions} role="list">
      {versions.map((version) => (
        <li key={version.version} className={styles.version}>
          {version.revision && (
            <div className={styles.song}>
              <p className="muted">{version.revision.intro}</p>
              <p className={styles.wish}>{version.revision.message}</p>
            </div>
          )}
          <h3>{version.heading}</h3>
          {version.songs.map((song) => (
            <div key={song.audioId} className={styles.song}>
              <span>{song.caption}</span>
              {/* data-peaks: the waveform's JSON URL (src/player/peaks.ts), for the player's drawing. */}
              <audio
                controls
                preload="metadata"
                src={song.url ?? undefined}
                data-peaks={song.peaks ?? undefined}
                aria-label={`${version.heading}: ${song.caption}`}
              />
              {song.url && (
                <SaveOfflineButton
                  accountId={offline.accountId}
                  song={{ url: song.url, title: `${version.heading}: ${song.caption}`, order: offline.orderLabel }}
                  locale={offline.locale}
                  labels={offline.labels}
                />
              )}
              <DownloadButtons
                orderId={orderId}
                audioId={song.audioId}
                choices={song.downloads}
                groupLabel={fillTemplate(labels.downloadsOf, { title: `${version.heading}, ${song.caption}` })}
                failed={labels.downloadFailed}
              />
            </div>
          ))}
        </li>
      ))}
    </ol>
  )
}
