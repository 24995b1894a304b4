'use client'

import { useEffect, useRef, useState } from 'react'
import { saveDraftRecording, useWizardDraft } from '@/cart/wizard-draft'
import { AudioRecorder } from '@/components/recorder/AudioRecorder'
import type { RecorderLabels } from '@/components/recorder/labels'
import styles from './DetailsForm.module.css'

type Props = {
  packageSlug: string
  typeSlug: string
  labels: RecorderLabels
  /** Shown when the browser cannot keep the recording (IndexedDB unavailable or full). */
  notSavedLabel: string
  onBusyChange: (busy: boolean) => void
}

/**
 * The details step's recorder, bound to the wizard draft: it shows the draft's recording after a
 * reload and stores every new one (or its deletion) at once. Loaded only for packages that record.
 */
export default function DraftRecording({ packageSlug, typeSlug, labels, notSavedLabel, onBusyChange }: Props) {
  const draft = useWizardDraft(packageSlug, typeSlug)
  const [recording, setRecording] = useState<Blob | null>(null)
  const [notSaved, setNotSaved] = useState(false)
  const changed = useRef(false)

  useEffect(() => {
    if (draft.status === 'ready' && draft.draft?.recording && !changed.current) setRecording(draft.draft.recording)
  }, [draft])

  function change(blob: Blob | null) {
    changed.current = true
    setRecording(blob)
    setNotSaved(false)
    saveDraftRecording(packageSlug, typeSlug, blob).catch(() => setNotSaved(true))
  }

  return (
    <>
      <AudioRecorder value={recording} onChange={change} labels={labels} onBusyChange={onBusyChange} />
      {notSaved && (
        <p className={`error-message ${styles.error}`} role="alert">
          {notSavedLabel}
        </p>
      )}
    </>
  )
}
