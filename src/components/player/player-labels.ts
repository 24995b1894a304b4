import type { Messages } from '@/i18n/messages/de'

/** The bottom player's texts, made on the server in the page's language (layout.tsx). */
export type PlayerLabels = {
  label: string
  play: string
  pause: string
  back10: string
  next: string
  previous: string
  seek: string
  volume: string
  shuffleOn: string
  shuffleOff: string
  repeatOn: string
  repeatOff: string
  loading: string
  error: string
  nowPlaying: string
  of: string
  artist: string
  sleep: Messages['player']['sleep']
  view: Messages['player']['view']
}
