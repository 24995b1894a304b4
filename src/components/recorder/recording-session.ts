import fixWebmDuration from 'fix-webm-duration'

/**
 * One microphone recording in the browser: MediaRecorder writing WebM/Opus, an AnalyserNode
 * measuring the input level for the meter, a clock that stops the recording at its maximum
 * length. Everything it opened (microphone tracks, AudioContext, timers) is closed when it ends.
 */

/** Recordings are WebM (spec section 9), Opus where the browser names the codec. */
const WEBM_TYPES = ['audio/webm;codecs=opus', 'audio/webm']

export function supportedMimeType(): string | null {
  if (typeof MediaRecorder === 'undefined') return null
  return WEBM_TYPES.find((type) => MediaRecorder.isTypeSupported(type)) ?? null
}

/** Whether this browser can record WebM from a microphone here (a secure context is needed too). */
export function canRecord(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function' && supportedMimeType() !== null
}

export type RecordingProblem = 'permissionDenied' | 'noMicrophone' | 'unsupported' | 'failed'

/** Sorts a getUserMedia or MediaRecorder failure into what the visitor can do about it. */
export function problemOf(error: unknown): RecordingProblem {
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
    case 'PermissionDeniedError':
      return 'permissionDenied'
    case 'NotFoundError':
    case 'OverconstrainedError':
    case 'DevicesNotFoundError':
      return 'noMicrophone'
    case 'NotSupportedError':
    case 'TypeError':
      return canRecord() ? 'failed' : 'unsupported'
    default:
      return 'failed'
  }
}

export type RecordingResult = { blob: Blob | null; seconds: number; autoStopped: boolean }

export type RecordingSession = {
  /** Ends the recording; onFinish follows with the result. */
  stop(): void
  /** Ends the recording and throws it away (no onFinish): for unmounting mid-recording. */
  discard(): void
}

type Options = {
  maxSeconds: number
  /** Seconds recorded so far, a few times a second. */
  onTick: (seconds: number) => void
  /** Input level 0…1, once per animation frame. */
  onLevel: (level: number) => void
  onFinish: (result: RecordingResult) => void
}

/** Asks for the microphone and starts recording; rejects with getUserMedia's error. */
export async function startRecording({ maxSeconds, onTick, onLevel, onFinish }: Options): Promise<RecordingSession> {
  const mimeType = supportedMimeType()
  if (!canRecord() || !mimeType) throw new DOMException('Recording is not supported', 'NotSupportedError')
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
  })
  let recorder: MediaRecorder
  try {
    recorder = new MediaRecorder(stream, { mimeType, audioBitsPerSecond: 96000 })
  } catch (error) {
    stream.getTracks().forEach((track) => track.stop())
    throw error
  }

  const chunks: Blob[] = []
  const startedAt = performance.now()
  const elapsed = () => (performance.now() - startedAt) / 1000
  let discarded = false
  let autoStopped = false
  let finished = false

  // The level meter is a nicety: without Web Audio the recording still works.
  let context: AudioContext | null = null
  let frame = 0
  try {
    context = new AudioContext()
    void context.resume().catch(() => undefined)
    const analyser = context.createAnalyser()
    analyser.fftSize = 1024
    context.createMediaStreamSource(stream).connect(analyser)
    const samples = new Float32Array(analyser.fftSize)
    let level = 0
    const measure = () => {
      analyser.getFloatTimeDomainData(samples)
      let sum = 0
      for (const sample of samples) sum += sample * sample
      const decibels = 20 * Math.log10(Math.sqrt(sum / samples.length) || 1e-8)
      // -60 dB … 0 dB onto 0 … 1, falling back slowly so the meter does not flicker.
      level = Math.max(Math.min(Math.max((decibels + 60) / 60, 0), 1), level * 0.9)
      onLevel(level)
      frame = requestAnimationFrame(measure)
    }
    frame = requestAnimationFrame(measure)
  } catch {
    context = null
  }

  const timer = window.setInterval(() => {
    const seconds = elapsed()
    onTick(Math.min(seconds, maxSeconds))
    if (seconds >= maxSeconds) {
      autoStopped = true
      stop()
    }
  }, 200)

  function release() {
    window.clearInterval(timer)
    cancelAnimationFrame(frame)
    stream.getTracks().forEach((track) => track.stop())
    if (context && context.state !== 'closed') void context.close().catch(() => undefined)
    onLevel(0)
  }

  function finish() {
    if (finished) return
    finished = true
    const seconds = Math.min(elapsed(), maxSeconds)
    release()
    if (discarded) return
    const blob = chunks.length > 0 ? new Blob(chunks, { type: recorder.mimeType || mimeType! }) : null
    if (!blob) return onFinish({ blob, seconds, autoStopped })
    // MediaRecorder writes WebM without its length: add it, so every player (the seller's too) shows
    // and seeks it, and the server can read it. A file it cannot parse, the library keeps as it is.
    void fixWebmDuration(blob, seconds * 1000, { logger: false }).then((fixed) => onFinish({ blob: fixed, seconds, autoStopped }))
  }

  function stop() {
    if (recorder.state === 'inactive') finish()
    else recorder.stop()
  }

  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data)
  }
  recorder.onstop = finish
  recorder.onerror = () => stop()
  // The microphone went away (unplugged, or permission revoked): keep what was recorded.
  stream.getAudioTracks().forEach((track) => track.addEventListener('ended', stop))
  recorder.start(1000)

  return {
    stop,
    discard() {
      discarded = true
      stop()
    },
  }
}

/** 83 → "01:23". */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds))
  return `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`
}
