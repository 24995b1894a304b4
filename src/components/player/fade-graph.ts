import { equalPowerFadeCurve } from '@/player/sleep-timer'

/**
 * The sleep timer's fade (issue 34): the audio elements → one GainNode → the speakers, not the
 * element's `volume`, which iOS Safari ignores. The AudioContext is made on the first user gesture
 * that needs it (setting a timer, the play that sets it again): one made without a gesture stays
 * suspended. The elements are routed through it only when a fade begins, for good (a browser
 * cannot undo createMediaElementSource): iOS silences Web Audio, and so an element routed through
 * it, while the screen is locked or Safari is in the background (the context is "interrupted"),
 * where a plain element plays on. So a timer's long wait keeps the plain element, and a fade that
 * would begin while such a context cannot run is left out: the timer then only pauses at its end.
 */
export class FadeGraph {
  private context: AudioContext | null = null
  private gain: GainNode | null = null
  private routed = false

  constructor(private readonly elements: HTMLAudioElement[]) {}

  /** Makes the context when called within a user gesture (or wakes it); false where that cannot be done now. */
  ensure(): boolean {
    if (!this.context) {
      const activation = navigator.userActivation
      if ((activation && !activation.isActive) || typeof AudioContext === 'undefined') return false
      try {
        const context = new AudioContext()
        const gain = context.createGain()
        gain.connect(context.destination)
        ;[this.context, this.gain] = [context, gain]
      } catch {
        return false
      }
    }
    this.wake()
    return true
  }

  /** Resumes a context the browser suspended or interrupted (a page coming back to the front). */
  wake() {
    const { context } = this
    if (context && context.state !== 'running') void context.resume().catch(() => undefined)
  }

  /** Routes the elements through the gain, unless the context cannot run now (a hidden page on iOS). */
  private route(): boolean {
    const { context, gain } = this
    if (!context || !gain) return false
    if (this.routed) return true
    if (context.state !== 'running' && document.visibilityState === 'hidden') return false
    try {
      for (const element of this.elements) context.createMediaElementSource(element).connect(gain)
    } catch {
      return false
    }
    this.routed = true
    return true
  }

  /** Fades from `fromProgress` of the equal-power curve to silence, reached in `seconds` exactly. */
  fadeOut(fromProgress: number, seconds: number) {
    if (!this.route()) return
    const { context, gain } = this
    gain!.gain.cancelScheduledValues(0)
    gain!.gain.setValueCurveAtTime(equalPowerFadeCurve(fromProgress), context!.currentTime, Math.max(seconds, 0.05))
  }

  /** The full volume again, at once (cancel, stop). */
  restore() {
    const { context, gain } = this
    if (!context || !gain) return
    gain.gain.cancelScheduledValues(0)
    gain.gain.setValueAtTime(1, context.currentTime)
  }
}
