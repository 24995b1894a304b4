/**
 * What the player remembers across reloads and visits (issue 21, "Resume"): the queue, the
 * current track and the position, in this browser's localStorage. Pure functions, so the shape,
 * the checks on what is read back and the private-song rule are unit-tested without a browser.
 */
import type { PlayerState, PlayerTrack } from './player-state'

export const RESUME_STORAGE_KEY = 'player-resume'
/** How often the position is written down while playing (page hide writes it too). */
export const RESUME_SAVE_INTERVAL_MS = 5000
/** Bumped when the stored shape changes; older records are ignored, never migrated. */
const RESUME_VERSION = 1

export type ResumeRecord = {
  version: typeof RESUME_VERSION
  /** The account logged in when it was saved (a string id), or null: private songs belong to it. */
  account: string | null
  playlist: PlayerTrack[]
  index: number
  /** Seconds into the current track. */
  position: number
}

/** A path on this site ("/media/…", "/api/…"), never another origin or a javascript: URL. */
const isSitePath = (value: unknown): value is string => typeof value === 'string' && value.startsWith('/') && !value.startsWith('//')
const optionalSitePath = (value: unknown): string | null | undefined => (isSitePath(value) ? value : value === null ? null : undefined)

/** A stored track as a PlayerTrack, or null when it is not one. */
function trackFrom(value: unknown): PlayerTrack | null {
  if (!value || typeof value !== 'object') return null
  const entry = value as Record<string, unknown>
  const idOk = (typeof entry.id === 'number' && Number.isFinite(entry.id)) || (typeof entry.id === 'string' && entry.id !== '')
  if (!idOk || typeof entry.title !== 'string' || !isSitePath(entry.audio)) return null
  const track: PlayerTrack = { id: entry.id as number | string, title: entry.title, audio: entry.audio }
  const cover = optionalSitePath(entry.cover)
  if (cover !== undefined) track.cover = cover
  const peaks = optionalSitePath(entry.peaks)
  if (peaks !== undefined) track.peaks = peaks
  if (typeof entry.artist === 'string') track.artist = entry.artist
  if (typeof entry.album === 'string') track.album = entry.album
  if (typeof entry.duration === 'number' && Number.isFinite(entry.duration) && entry.duration >= 0) track.duration = entry.duration
  if (entry.isPrivate === true) track.isPrivate = true
  return track
}

/**
 * The record to store for the player's state, or null when there is nothing to resume. Without
 * a logged-in account private songs are not written down at all.
 */
export function resumeRecordOf(state: PlayerState, position: number, account: string | null): ResumeRecord | null {
  if (!state.currentTrack || state.currentIndex === null) return null
  const record: ResumeRecord = {
    version: RESUME_VERSION,
    account,
    playlist: state.playlist,
    index: state.currentIndex,
    position: Number.isFinite(position) && position > 0 ? position : 0,
  }
  return account === null ? forAccount(record, null) : record
}

/** What was read back from storage as a record, or null: corrupt, foreign or old data is ignored. */
export function parseResumeRecord(stored: string | null): ResumeRecord | null {
  if (!stored) return null
  let value: unknown
  try {
    value = JSON.parse(stored)
  } catch {
    return null
  }
  if (!value || typeof value !== 'object') return null
  const entry = value as Record<string, unknown>
  if (entry.version !== RESUME_VERSION || !Array.isArray(entry.playlist)) return null
  const account = typeof entry.account === 'string' ? entry.account : null
  const playlist = entry.playlist.map(trackFrom)
  const index = entry.index
  // A damaged track shifts the queue; rather than guess which one was playing, start afresh.
  if (playlist.length === 0 || playlist.some((track) => track === null)) return null
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= playlist.length) return null
  const position = typeof entry.position === 'number' && Number.isFinite(entry.position) && entry.position > 0 ? entry.position : 0
  return { version: RESUME_VERSION, account, playlist: playlist as PlayerTrack[], index, position }
}

/**
 * The part of a record the given account (or nobody: null) may resume: private songs only for the
 * account that saved them. When the current track itself is dropped there is nothing to resume.
 */
export function forAccount(record: ResumeRecord, account: string | null): ResumeRecord | null {
  if (account !== null && record.account === account) return record
  const current = record.playlist[record.index]
  if (!current || current.isPrivate) return null
  const playlist = record.playlist.filter((track) => !track.isPrivate)
  return { ...record, account, playlist, index: playlist.indexOf(current) }
}
