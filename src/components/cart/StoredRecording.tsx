'use client'

import { useEffect, useState } from 'react'
import { loadRecording } from '@/cart/recording-store'
import { RecordingPreview } from '@/components/recorder/RecordingPreview'
import styles from './CartView.module.css'

/** The small preview of a recording kept in IndexedDB, or a note when it is gone. */
export function StoredRecording({ fileKey, label, missing }: { fileKey: string; label: string; missing: string }) {
  const [state, setState] = useState<{ key: string; blob: Blob | null } | null>(null)
  useEffect(() => {
    let active = true
    loadRecording(fileKey)
      .catch(() => null)
      .then((blob) => active && setState({ key: fileKey, blob }))
    return () => {
      active = false
    }
  }, [fileKey])
  if (!state || state.key !== fileKey) return null
  if (!state.blob) return <p className={styles.missing}>{missing}</p>
  return <RecordingPreview blob={state.blob} label={label} className={styles.preview} />
}
