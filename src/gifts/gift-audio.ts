import { stat } from 'node:fs/promises'
import path from 'node:path'
import { mp3CacheKey, mp3Of } from '@/downloads/mp3-cache'
import type { Gift } from './find-gift'

/**
 * The file a gift link plays: the same MP3 the downloads serve (made once, cached, without the
 * master's tags: ffmpeg drops every metadata field), never the master itself, whose embedded
 * tags (title, comment) may name the customer; the link is open to anyone who has it. Null when
 * the master is gone.
 */
export async function giftAudioFile(gift: Gift): Promise<{ path: string; contentType: string } | null> {
  const isFile = await stat(gift.masterPath).then(
    (stats) => stats.isFile(),
    () => false,
  )
  if (!isFile) return null
  return { path: await mp3Of(gift.masterPath, mp3CacheKey(gift.audioId, path.basename(gift.masterPath))), contentType: 'audio/mpeg' }
}
