'use client'

import { forwardRef, type SyntheticEvent, useEffect, useState } from 'react'

/** An object URL for the blob while it is shown, revoked afterwards. */
export function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!blob) {
      setUrl(null)
      return
    }
    const created = URL.createObjectURL(blob)
    setUrl(created)
    return () => URL.revokeObjectURL(created)
  }, [blob])
  return url
}

/**
 * MediaRecorder's WebM carries no duration, so players show none and cannot seek. Seeking far past
 * the end makes the browser read the file through and learn it; then back to the start.
 */
function learnDuration(event: SyntheticEvent<HTMLAudioElement>) {
  const audio = event.currentTarget
  if (audio.duration !== Infinity) return
  const rewind = () => {
    if (!Number.isFinite(audio.duration)) return
    audio.removeEventListener('durationchange', rewind)
    audio.currentTime = 0
  }
  audio.addEventListener('durationchange', rewind)
  audio.currentTime = Number.MAX_SAFE_INTEGER
}

type Props = { blob: Blob | null; label: string; className?: string }

/** A native audio player for a recording held in the browser. */
export const RecordingPreview = forwardRef<HTMLAudioElement, Props>(function RecordingPreview({ blob, label, className }, ref) {
  const url = useObjectUrl(blob)
  if (!url) return null
  return <audio ref={ref} className={className} src={url} controls preload="metadata" aria-label={label} onLoadedMetadata={learnDuration} />
})
