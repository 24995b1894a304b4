import type { Order, RevisionRequest } from '../../payload-types'
import { type DeliveredSong, deliveredSongs } from '@/orders/delivered-songs'

/** One delivery round: its files, and the revision the customer asked for after hearing it (if any). */
export type SongVersion = { version: number; songs: DeliveredSong[]; revision: RevisionRequest | null }

/** An order's delivered versions, newest first, each with the revision request that refers to it. */
export function songVersions(order: Order, revisions: RevisionRequest[]): SongVersion[] {
  const byVersion = new Map<number, DeliveredSong[]>()
  for (const song of deliveredSongs(order)) byVersion.set(song.version, [...(byVersion.get(song.version) ?? []), song])
  return [...byVersion.entries()]
    .sort(([a], [b]) => b - a)
    .map(([version, songs]) => ({ version, songs, revision: revisions.find((request) => request.delivery_version === version) ?? null }))
}
