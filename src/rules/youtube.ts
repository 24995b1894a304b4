const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtu.be', 'www.youtube-nocookie.com'])
const VIDEO_ID = /^[\w-]{11}$/

/**
 * The video id of a YouTube link (watch?v=…, youtu.be/…, /embed/…, /shorts/…), or a bare id as
 * it is stored; null for anything else, links to other hosts and plain http included.
 */
export function youTubeVideoId(value: string): string | null {
  const trimmed = value.trim()
  if (VIDEO_ID.test(trimmed)) return trimmed
  try {
    const url = new URL(trimmed)
    if (url.protocol !== 'https:' || !YOUTUBE_HOSTS.has(url.hostname)) return null
    const id = url.hostname === 'youtu.be' ? url.pathname.slice(1) : (url.searchParams.get('v') ?? url.pathname.split('/').pop() ?? '')
    return VIDEO_ID.test(id) ? id : null
  } catch {
    return null
  }
}

/** The watch link of a stored video id, as the news API answers it (`youtube_url`, spec section 3). */
export const youTubeWatchUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`
