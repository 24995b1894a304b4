/** Load the next track this many seconds before the current one ends (a phone need not fetch it early). */
export const PRELOAD_AHEAD_SECONDS = 30

/**
 * Start the next track this long before the current one ends: about what Chromium takes to start
 * a loaded element, so that the two meet. Waiting for the `ended` event instead left 20 ms, and
 * over 50 ms when the page's thread was busy.
 */
export const HANDOVER_LEAD_SECONDS = 0.03
/** A timeupdate comes about every quarter second: the hand-over's timer is set in the last one before the end. */
export const HANDOVER_ARM_SECONDS = 0.6

/** The events of the playing element the bottom player follows. */
export const FOLLOWED_EVENTS = [
  'play',
  'pause',
  'loadedmetadata',
  'timeupdate',
  'durationchange',
  'waiting',
  'loadstart',
  'canplay',
  'playing',
  'ended',
  'error',
] as const
export type FollowedEvent = (typeof FOLLOWED_EVENTS)[number]

/**
 * Two audio elements that hand over without a gap (issue 34): the playing one, first in the DOM
 * (what `document.querySelector('audio')` finds), and a standby one that loads the next track
 * before the current ends and starts as it ends. Loading a new file into the one element when a
 * track had ended left the file's round trip and more as silence.
 * Events of the standby element are not passed on: its loading is not the player's state.
 */
export class AudioPair {
  readonly elements: [HTMLAudioElement, HTMLAudioElement]
  private activeIndex = 0
  /** The URL the standby element holds (its `src` is the absolute one). */
  private standbyUrl: string | null = null

  constructor(
    private readonly box: HTMLElement,
    onEvent: (type: FollowedEvent, element: HTMLAudioElement) => void,
  ) {
    this.elements = [document.createElement('audio'), document.createElement('audio')]
    for (const element of this.elements) {
      element.preload = 'metadata'
      for (const type of FOLLOWED_EVENTS) element.addEventListener(type, () => element === this.active && onEvent(type, element))
      box.append(element)
    }
  }

  get active(): HTMLAudioElement {
    return this.elements[this.activeIndex]!
  }

  get standby(): HTMLAudioElement {
    return this.elements[1 - this.activeIndex]!
  }

  /** Loads `url` into the standby element from its start, unless it holds it already. */
  preload(url: string) {
    if (this.standbyUrl === url) return
    this.standbyUrl = url
    const { standby } = this
    standby.preload = 'auto'
    standby.src = url
    standby.currentTime = 0
  }

  holds(url: string): boolean {
    return this.standbyUrl === url && this.standby.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA
  }

  /** Starts the standby element (ready with the next track) at once and makes it the playing one. */
  handOver(): HTMLAudioElement {
    const next = this.standby
    const play = next.play()
    this.box.prepend(next)
    this.activeIndex = 1 - this.activeIndex
    this.standbyUrl = null
    this.standby.preload = 'metadata'
    play.catch(() => undefined)
    return next
  }

  /** Forgets what the standby element loaded (another queue, another order). */
  dropStandby() {
    if (this.standbyUrl === null) return
    this.standbyUrl = null
    this.standby.removeAttribute('src')
    this.standby.load()
  }

  set volume(volume: number) {
    for (const element of this.elements) element.volume = volume
  }
}
