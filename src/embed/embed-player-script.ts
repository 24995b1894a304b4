/**
 * The embed page's whole JavaScript (under 1 KB gzip instead of React and Next's runtime, about
 * 130 KB): written into the page's one inline script as `(${embedPlayer})()`, so it must stay
 * self-contained: no imports, no names from outside the function (toString() carries only its own
 * text). Next's compiler (SWC) leaves it so; esbuild's keepNames would add calls to a helper of its
 * own, so tests/e2e/embed.spec.ts plays it from the real build. It reads everything from the
 * server-rendered markup (embed-page.ts): the tracks' files, titles, lengths and waveform paths in
 * data attributes, the labels on the play button. Plain <audio>; nothing is stored, nothing is
 * sent anywhere but the audio's own requests.
 */
export function embedPlayer(): void {
  const root = document.querySelector<HTMLElement>('[data-embed]')
  const element = document.querySelector<HTMLAudioElement>('audio[data-audio]')
  if (!root || !element) return
  const audio: HTMLAudioElement = element
  const playButton = root.querySelector<HTMLButtonElement>('[data-play]')!
  const seek = root.querySelector<HTMLElement>('[data-seek]')!
  const progress = root.querySelector<SVGRectElement>('[data-progress]')!
  const waves = root.querySelectorAll<SVGPathElement>('[data-wave-path]')
  const nowTitle = root.querySelector<HTMLElement>('[data-now]')!
  const time = root.querySelector<HTMLElement>('[data-time]')!
  const items = Array.from(root.querySelectorAll<HTMLButtonElement>('[data-track]'))
  const boxWidth = Number(seek.dataset.width)
  let current = 0
  let pendingSeek: number | null = null

  const clock = (seconds: number) => {
    const whole = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0))
    return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`
  }
  const duration = () => (Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : Number(items[current]!.dataset.duration) || 0)

  function showProgress() {
    const length = duration()
    const position = pendingSeek ?? audio.currentTime
    progress.setAttribute('width', String(length > 0 ? (boxWidth * Math.min(position, length)) / length : 0))
    time.textContent = `${clock(position)} / ${clock(length)}`
    seek.setAttribute('aria-valuenow', String(Math.floor(position)))
    seek.setAttribute('aria-valuetext', time.textContent)
  }

  function choose(index: number) {
    current = index
    const item = items[index]!
    nowTitle.textContent = item.dataset.title ?? ''
    waves.forEach((wave) => wave.setAttribute('d', item.dataset.wave ?? ''))
    items.forEach((other, position) => (position === index ? other.setAttribute('aria-current', 'true') : other.removeAttribute('aria-current')))
    seek.setAttribute('aria-valuemax', String(Math.floor(Number(item.dataset.duration) || 0)))
    audio.src = item.dataset.src ?? ''
    pendingSeek = null
    showProgress()
  }

  const play = () => {
    audio.play().catch(() => undefined)
  }

  function showPlaying() {
    const playing = !audio.paused
    playButton.setAttribute('aria-label', (playing ? playButton.dataset.pause : playButton.dataset.play) ?? '')
    playButton.dataset.playing = String(playing)
  }

  function seekTo(seconds: number) {
    const target = Math.max(0, Math.min(seconds, duration()))
    if (audio.readyState >= 1) audio.currentTime = target
    else {
      pendingSeek = target
      audio.preload = 'metadata'
      audio.load()
    }
    showProgress()
  }

  playButton.addEventListener('click', () => (audio.paused ? play() : audio.pause()))
  items.forEach((item, index) =>
    item.addEventListener('click', () => {
      if (index !== current) choose(index)
      play()
    }),
  )
  seek.addEventListener('click', (event) => {
    const box = seek.getBoundingClientRect()
    if (box.width > 0) seekTo(((event.clientX - box.left) / box.width) * duration())
  })
  seek.addEventListener('keydown', (event) => {
    const steps: Record<string, number> = { ArrowLeft: -5, ArrowDown: -5, ArrowRight: 5, ArrowUp: 5, PageDown: -30, PageUp: 30 }
    const step = steps[event.key]
    if (step !== undefined) seekTo(audio.currentTime + step)
    else if (event.key === 'Home') seekTo(0)
    else if (event.key === 'End') seekTo(duration())
    else return
    event.preventDefault()
  })
  audio.addEventListener('loadedmetadata', () => {
    if (pendingSeek !== null) audio.currentTime = pendingSeek
    pendingSeek = null
    showProgress()
  })
  audio.addEventListener('timeupdate', showProgress)
  audio.addEventListener('play', showPlaying)
  audio.addEventListener('pause', showPlaying)
  audio.addEventListener('ended', () => {
    // An album plays through; after its last track the player stops at the first one.
    const next = current + 1
    choose(next < items.length ? next : 0)
    if (next < items.length) play()
  })
  choose(0)
}
