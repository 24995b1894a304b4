import { mp3Of } from '@/downloads/mp3-cache'
import type { Gift } from './find-gift'

/**
 * The file a gift link plays: the same MP3 the downloads serve (made once, stored, without the
 * master's tags: ffmpeg drops every metadata field), never the master itself, whose embedded
 * tags (title, comment) may name the customer; the link is open to anyone who has it. Its name in
 * the storage area "mp3" (src/storage/), or null when the master is gone.
 */
export async function giftAudioFile(gift: Gift): Promise<{ name: string; contentType: string } | null> {
  const name = await mp3Of(gift.audioId, gift.masterName)
  return name === null ? null : { name, contentType: 'audio/mpeg' }
}
