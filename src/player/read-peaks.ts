import type { Payload, TypedUser } from 'payload'
import { type Outcome, refuse } from '@/site/outcome'
import { isPeaks, peaksVersion } from './peaks'

/** The peaks of one audio file as the caller may read them, with the facts their HTTP caching needs. */
export type ReadablePeaks = { peaks: number[]; version: string; public: boolean }

/** The code of the 404 while the job (peaks-task.ts) has not computed the peaks yet, or could not. */
export const PEAKS_PENDING = 'peaks_pending'

/**
 * The waveform of audio file `id`, read with the caller's rights (collections/access/publicOrOwnAudio.ts:
 * visitors catalog tracks, a customer also their own recordings and deliveries, the seller all).
 * A file the caller may not hear is "not found", like one that does not exist.
 */
export async function readPeaks(payload: Payload, user: TypedUser | null, id: number): Promise<Outcome<ReadablePeaks>> {
  const audio = await payload.findByID({
    collection: 'audio',
    id,
    depth: 0,
    select: { peaks: true, purpose: true },
    user,
    overrideAccess: false,
    disableErrors: true,
  })
  if (!audio) return refuse(404, 'Not found.')
  if (!isPeaks(audio.peaks)) return refuse(404, 'The waveform of this audio file is not computed yet.', { code: PEAKS_PENDING })
  return { ok: true, value: { peaks: audio.peaks, version: peaksVersion(audio.peaks), public: audio.purpose === 'track' } }
}

/**
 * A catalog track's peaks at their versioned URL (peaks.ts: `?v=`) never change, so any cache may
 * keep them for a year; asked without the current version they are revalidated each time. Private
 * audio is stored by no cache: it belongs to an account.
 */
export function peaksCacheControl(peaks: ReadablePeaks, requestedVersion: string | null): string {
  if (!peaks.public) return 'private, no-store'
  return requestedVersion === peaks.version ? 'public, max-age=31536000, immutable' : 'public, no-cache'
}
