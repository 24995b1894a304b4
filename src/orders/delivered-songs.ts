import type { Audio, Order } from '../../payload-types'
import { SONG_IN_HAND_STATUSES } from './status'

export const hasDeliveredSong = (order: Order): boolean => SONG_IN_HAND_STATUSES.includes(order.status)

/** One file the seller delivered, with the version (delivery round) it belongs to. */
export type DeliveredSong = { audio: Audio; version: number; description: string }

/**
 * The seller's deliveries in an order read with ORDER_READ (the customer's recordings left out),
 * in upload order. Rows delivered before versions were numbered count as version 1.
 */
export const deliveredSongs = (order: Order): DeliveredSong[] =>
  (order.uploads ?? []).flatMap((row) =>
    typeof row.audio === 'object' && row.audio && row.audio.purpose !== 'recording'
      ? [{ audio: row.audio, version: row.version ?? 1, description: row.description ?? '' }]
      : [],
  )

/** One delivered file of the order by its audio id, while the customer has the song; else null. */
export function findDeliveredSong(order: Order, audioId: number): DeliveredSong | null {
  if (!hasDeliveredSong(order)) return null
  return deliveredSongs(order).find((song) => song.audio.id === audioId) ?? null
}
