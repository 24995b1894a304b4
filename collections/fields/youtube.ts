const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtu.be', 'www.youtube-nocookie.com'])

/** Only links to YouTube itself are accepted for the embedded video of a news article. */
export const isYouTubeUrl = (value: string): boolean => {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' && YOUTUBE_HOSTS.has(url.hostname)
  } catch {
    return false
  }
}
