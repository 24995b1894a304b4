import type { Translate } from '@/i18n/translator'
import type { TrackTableLabels } from './TrackTable'

export const trackTableLabels = (t: Translate): TrackTableLabels => ({
  number: t('music.number'),
  title: t('music.title_column'),
  duration: t('music.duration'),
  // Filled in per row on the client.
  playTrack: t('music.playTrack', { title: '{{title}}' }),
  nowPlaying: t('player.nowPlaying'),
  // Filled in on the playing row on the client.
  progress: t('player.progress', { position: '{{position}}', duration: '{{duration}}' }),
})
