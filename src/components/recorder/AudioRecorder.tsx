'use client'

import { useEffect, useRef, useState } from 'react'
import { RECORDING_LIMITS } from '@/rules/limits'
import styles from './AudioRecorder.module.css'
import type { RecorderLabels } from './labels'
import { RecordingPreview } from './RecordingPreview'
import { canRecord, formatClock, problemOf, type RecordingProblem, type RecordingResult, type RecordingSession, startRecording } from './recording-session'

export type { RecorderLabels } from './labels'

type Props = {
  /** The recording so far (WebM), or null. */
  value: Blob | null
  onChange: (blob: Blob | null) => void
  labels: RecorderLabels
  /** Told true while the microphone is asked for or recording, so a form can wait for the result. */
  onBusyChange?: (busy: boolean) => void
}

type Phase = 'idle' | 'requesting' | 'recording'
type FocusTarget = 'start' | 'stop' | 'preview' | null

/**
 * Voice recorder (spec section 4): idle → recording (clock, live level, stop) → recorded
 * (preview, re-record, delete). At most RECORDING_LIMITS.maxSeconds; it stops by itself there.
 */
export function AudioRecorder({ value, onChange, labels, onBusyChange }: Props) {
  const [phase, setPhase] = useState<Phase>('idle')
  const [problem, setProblem] = useState<RecordingProblem | null>(null)
  const [elapsed, setElapsed] = useState(0)
  const [notice, setNotice] = useState('')
  // Until hydrated (or without JavaScript) the buttons cannot work, so they are not offered.
  const [hydrated, setHydrated] = useState(false)
  const session = useRef<RecordingSession | null>(null)
  const mounted = useRef(false)
  const focusTarget = useRef<FocusTarget>(null)
  const meter = useRef<HTMLSpanElement>(null)
  const startButton = useRef<HTMLButtonElement>(null)
  const rerecordButton = useRef<HTMLButtonElement>(null)
  const stopButton = useRef<HTMLButtonElement>(null)
  const preview = useRef<HTMLAudioElement>(null)
  const callbacks = useRef({ onChange, onBusyChange })

  useEffect(() => {
    callbacks.current = { onChange, onBusyChange }
  })

  useEffect(() => {
    mounted.current = true
    setHydrated(true)
    if (!canRecord()) setProblem('unsupported')
    return () => {
      mounted.current = false
      session.current?.discard()
      session.current = null
    }
  }, [])

  useEffect(() => {
    callbacks.current.onBusyChange?.(phase !== 'idle')
  }, [phase])

  // Keyboard focus follows the control that replaces the one just used.
  useEffect(() => {
    const target = focusTarget.current
    if (!target) return
    const element = { start: startButton.current ?? rerecordButton.current, stop: stopButton.current, preview: preview.current }[target]
    if (element) {
      element.focus()
      focusTarget.current = null
    }
  })

  function finish({ blob, autoStopped }: RecordingResult) {
    session.current = null
    if (!mounted.current) return
    setPhase('idle')
    if (!blob) {
      setProblem('failed')
      return
    }
    callbacks.current.onChange(blob)
    setNotice(autoStopped ? labels.autoStopped : labels.recorded)
    focusTarget.current = 'preview'
  }

  async function start() {
    if (phase !== 'idle') return
    setProblem(null)
    setNotice('')
    setElapsed(0)
    setPhase('requesting')
    try {
      const started = await startRecording({
        maxSeconds: RECORDING_LIMITS.maxSeconds,
        onTick: (seconds) => setElapsed(seconds),
        onLevel: (level) => meter.current?.style.setProperty('--level', level.toFixed(3)),
        onFinish: finish,
      })
      if (!mounted.current) {
        started.discard()
        return
      }
      session.current = started
      focusTarget.current = 'stop'
      setPhase('recording')
    } catch (error) {
      if (!mounted.current) return
      setPhase('idle')
      setProblem(problemOf(error))
      focusTarget.current = 'start'
    }
  }

  function stop() {
    session.current?.stop()
  }

  function remove() {
    callbacks.current.onChange(null)
    setNotice(labels.deleted)
    focusTarget.current = 'start'
  }

  const unavailable = !hydrated || problem === 'unsupported'

  return (
    <div className={styles.recorder} data-phase={phase}>
      <p className={styles.limit}>{labels.limit}</p>

      {phase === 'recording' ? (
        <div className={styles.live}>
          <span className={styles.dot} aria-hidden="true" />
          <span className={styles.liveText}>{labels.recording}</span>
          <span className={styles.clock} role="timer" aria-label={labels.elapsed}>
            {formatClock(elapsed)}
            <span className={styles.max}> / {formatClock(RECORDING_LIMITS.maxSeconds)}</span>
          </span>
          <span className={styles.meter} aria-hidden="true">
            <span ref={meter} className={styles.meterFill} />
          </span>
          <button ref={stopButton} type="button" className={`button ${styles.stop}`} onClick={stop}>
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
              <rect x="6" y="6" width="12" height="12" rx="2" fill="currentColor" />
            </svg>
            {labels.stop}
          </button>
        </div>
      ) : value ? (
        <div className={styles.recorded}>
          <RecordingPreview ref={preview} blob={value} label={labels.preview} className={styles.preview} />
          <div className={styles.actions}>
            <button ref={rerecordButton} type="button" className="button secondary" onClick={start} disabled={phase !== 'idle' || unavailable}>
              {phase === 'requesting' ? labels.requesting : labels.rerecord}
            </button>
            <button type="button" className="button secondary" onClick={remove} disabled={phase !== 'idle' || !hydrated}>
              {labels.delete}
            </button>
          </div>
        </div>
      ) : (
        <button ref={startButton} type="button" className="button" onClick={start} disabled={phase !== 'idle' || unavailable}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M12 14a3 3 0 0 0 3-3V5a3 3 0 0 0-6 0v6a3 3 0 0 0 3 3zm5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.92V21h2v-3.08A7 7 0 0 0 19 11z"
            />
          </svg>
          {phase === 'requesting' ? labels.requesting : labels.start}
        </button>
      )}

      {problem && (
        <p className="error-message" role="alert">
          {labels[problem]}
        </p>
      )}
      <p className={styles.notice} role="status">
        {notice}
      </p>
    </div>
  )
}
