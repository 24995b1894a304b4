'use client'

import { useState } from 'react'
import { youTubeVideoId } from '@/rules/youtube'
import styles from './YouTubeEmbed.module.css'

/**
 * Click-to-load video: nothing is requested from YouTube before the visitor agrees, then the
 * privacy-enhanced youtube-nocookie.com player loads.
 */
export function YouTubeEmbed({ url, title, labels }: { url: string; title: string; labels: { consent: string; load: string } }) {
  const [loaded, setLoaded] = useState(false)
  const id = youTubeVideoId(url)
  if (!id) return null
  if (loaded) {
    return (
      <div className={styles.frame}>
        <iframe
          src={`https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    )
  }
  return (
    <div className={`${styles.frame} ${styles.placeholder}`}>
      <p>{labels.consent}</p>
      <button type="button" className="button" onClick={() => setLoaded(true)}>
        {labels.load}
      </button>
    </div>
  )
}
