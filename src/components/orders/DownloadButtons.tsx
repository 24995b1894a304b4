'use client'

import { useState } from 'react'
import { errorDetail, postJson } from '@/auth/access-token'
import type { DownloadFormat } from '@/downloads/formats'
import styles from './AfterDelivery.module.css'

export type DownloadChoice = { format: DownloadFormat; label: string }

/**
 * The download buttons of one delivered song: each asks the server for a short-lived signed link
 * (POST /api/orders/{id}/downloads/) and follows it, which starts the download.
 */
export function DownloadButtons({
  orderId,
  audioId,
  choices,
  groupLabel,
  failed,
}: {
  orderId: number
  audioId: number
  choices: DownloadChoice[]
  groupLabel: string
  failed: string
}) {
  const [busy, setBusy] = useState<DownloadFormat | null>(null)
  const [problem, setProblem] = useState<string | null>(null)

  async function download(format: DownloadFormat) {
    setBusy(format)
    setProblem(null)
    try {
      const response = await postJson(`/api/orders/${orderId}/downloads/`, { audio: audioId, format })
      if (!response.ok) throw new Error((await errorDetail(response)) ?? `downloads answered ${response.status}`)
      const { url } = (await response.json()) as { url: string }
      window.location.assign(url)
    } catch (error) {
      console.error(error)
      setProblem(failed)
    } finally {
      setBusy(null)
    }
  }

  return (
    <div role="group" aria-label={groupLabel}>
      <div className={styles.buttons}>
        {choices.map((choice) => (
          <button key={choice.format} type="button" className="button secondary" onClick={() => download(choice.format)} disabled={busy !== null}>
            {choice.label}
          </button>
        ))}
      </div>
      {problem && (
        <p role="alert" className="muted">
          {problem}
        </p>
      )}
    </div>
  )
}
