import type { ReactNode } from 'react'
import { StaticImage } from '@/components/media/StaticImage'
import waveformStyles from '@/components/player/TrackWaveform.module.css'
import { formatDuration } from '@/player/format-duration'
import type { PlayerTrack } from '@/player/player-state'
import { TrackTableIsland } from './TrackTableIsland'
import styles from './TrackTable.module.css'

export type TrackTableLabels = { number: string; title: string; duration: string; playTrack: string; nowPlaying: string; progress: string; buy?: string }

/**
 * A list of tracks; clicking one plays the list from there. The playing track is marked. The rows
 * are rendered on the server; one small client island (TrackTableIsland) plays, marks the playing
 * row and draws the waveforms for the whole table: a client component per row made a long track
 * list cost a phone a second of script at load (issue 29). `buy` holds a row's buy form (server
 * rendered, by the track's index; issue 33), shown in a column of its own when any row has one.
 */
export function TrackTable({ tracks, labels, buy }: { tracks: PlayerTrack[]; labels: TrackTableLabels; buy?: (ReactNode | null)[] }) {
  const withBuy = Boolean(buy?.some(Boolean))
  return (
    <TrackTableIsland tracks={tracks} progressLabel={labels.progress}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col" className={styles.number}>
              {labels.number}
            </th>
            <th scope="col">{labels.title}</th>
            <th scope="col" className={styles.duration}>
              {labels.duration}
            </th>
            {withBuy && (
              <th scope="col" className={styles.buy}>
                <span className="visually-hidden">{labels.buy}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {tracks.map((track, index) => (
            <tr key={`${track.id}-${index}`} data-track-row={index}>
              <td className={styles.number}>{index + 1}</td>
              <td>
                <div className={styles.titleCell}>
                  <button type="button" className={styles.play} data-track-index={index} aria-label={labels.playTrack.replace('{{title}}', track.title)}>
                    {track.cover ? (
                      <StaticImage src={track.cover} alt="" width={40} height={40} className={styles.cover} />
                    ) : (
                      <span className={styles.cover} aria-hidden="true" />
                    )}
                    <span className={styles.title}>{track.title}</span>
                    <span className="visually-hidden" data-now-playing hidden>
                      ({labels.nowPlaying})
                    </span>
                  </button>
                  <span className={waveformStyles.box} data-waveform={index} />
                </div>
              </td>
              <td className={styles.duration}>{formatDuration(track.duration)}</td>
              {withBuy && <td className={styles.buy}>{buy?.[index]}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </TrackTableIsland>
  )
}
