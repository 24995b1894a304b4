'use client'

import { useEffect, useState } from 'react'
import { isPeaks } from '@/player/peaks'

/**
 * One request per peaks URL and page life, shared by the bottom player and the track rows; the
 * browser's HTTP cache serves later visits. Never the audio itself. No peaks (404, not computed
 * yet, offline) is null: the caller draws its plain fallback.
 */
const requests = new Map<string, Promise<number[] | null>>()

function loadPeaks(url: string): Promise<number[] | null> {
  let request = requests.get(url)
  if (!request) {
    request = fetch(url, { headers: { Accept: 'application/json' } })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: { peaks?: unknown } | null) => {
        const peaks = body?.peaks
        return isPeaks(peaks) ? peaks : null
      })
      .catch(() => null)
    requests.set(url, request)
  }
  return request
}

/** The peaks at `url` once loaded; null while loading, without a URL, or when there are none. */
export function usePeaks(url: string | null | undefined): number[] | null {
  const [loaded, setLoaded] = useState<{ url: string; peaks: number[] | null } | null>(null)
  useEffect(() => {
    if (!url) return
    let current = true
    void loadPeaks(url).then((peaks) => current && setLoaded({ url, peaks }))
    return () => {
      current = false
    }
  }, [url])
  return url && loaded?.url === url ? loaded.peaks : null
}
