'use client'

import Image from 'next/image'
import { usePlayer } from '@/components/player/PlayerProvider'
import { TrackWaveform } from '@/components/player/TrackWaveform'
import { formatDuration } from '@/player/format-duration'
import type { PlayerTrack } from '@/player/player-state'
import styles from './TrackTable.module.css'

export type TrackTableLabels = { number: string; title: string; duration: string; playTrack: string; nowPlaying: string; progress: string }

/** A list of tracks; clicking one plays the list from there. The playing track is marked. */
export function TrackTable({ tracks, labels }: { tracks: PlayerTrack[]; labels: TrackTableLabels }) {
  const { setPlaylist, currentTrack } = usePlayer()
  return (
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
        </tr>
      </thead>
      <tbody>
        {tracks.map((track, index) => {
          const playing = currentTrack?.id === track.id && currentTrack.audio === track.audio
          return (
            <tr key={`${track.id}-${index}`} className={playing ? styles.playing : undefined} aria-current={playing ? 'true' : undefined}>
              <td className={styles.number}>{index + 1}</td>
              <td>
                <div className={styles.titleCell}>
                  <button
                    type="button"
                    className={styles.play}
                    onClick={() => setPlaylist(tracks, index)}
                    aria-label={labels.playTrack.replace('{{title}}', track.title)}
                  >
                    {track.cover ? (
                      <Image src={track.cover} alt="" width={40} height={40} className={styles.cover} />
                    ) : (
                      <span className={styles.cover} aria-hidden="true" />
                    )}
                    <span className={styles.title}>{track.title}</span>
                    {playing && <span className="visually-hidden">({labels.nowPlaying})</span>}
                  </button>
                  <TrackWaveform peaksUrl={track.peaks} playing={playing} progressLabel={labels.progress} />
                </div>
              </td>
              <td className={styles.duration}>{formatDuration(track.duration)}</td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
