import type { serializeCategory, serializeMusicGroup, serializeNews, serializePackage, serializeTrack } from '@/catalog/serialize'
import type { PlayerTrack } from '@/player/player-state'

export type CatalogTrack = ReturnType<typeof serializeTrack>
export type CatalogCategory = ReturnType<typeof serializeCategory>
export type CatalogMusicGroup = ReturnType<typeof serializeMusicGroup>
export type CatalogNews = ReturnType<typeof serializeNews>
export type CatalogPackage = ReturnType<typeof serializePackage>

/** The player's view of catalog tracks, with the album they are played from; a track without a playable file is left out. */
export const playable = (tracks: CatalogTrack[], album?: string): PlayerTrack[] =>
  tracks.flatMap((track) =>
    track.audio
      ? [{ id: track.id, title: track.title, audio: track.audio, cover: track.cover, duration: track.duration, peaks: track.peaks, ...(album && { album }) }]
      : [],
  )
