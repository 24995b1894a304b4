'use client'

import { useRouter } from 'next/navigation'
import { type FormEvent, useId, useState } from 'react'
import { apiFetch, errorDetail, postJson } from '@/auth/access-token'
import formStyles from '@/components/forms/Form.module.css'
import { DEDICATION_MAX_LENGTH } from '@/gifts/limits'
import styles from './AfterDelivery.module.css'

export type GiftSongChoice = { audioId: number; label: string }
export type GiftLinkView = { id: number; song: string; dedication: string; created: string; revoked: string | null; revokeLabel: string }

type Labels = {
  giftSong: string
  giftDedication: string
  giftCreate: string
  giftCreated: string
  giftUrl: string
  giftCopy: string
  giftCopied: string
  giftLinksTitle: string
  giftNoDedication: string
  giftRevoke: string
  giftFailed: string
}

/**
 * Gift links of one order: a form that makes a new one (shown once, to copy) and the list of
 * earlier ones, each revocable ("Link widerrufen"). The page is rendered anew after each change.
 */
export function GiftLinks({ orderId, songs, links, labels }: { orderId: number; songs: GiftSongChoice[]; links: GiftLinkView[]; labels: Labels }) {
  const router = useRouter()
  const id = useId()
  const [audioId, setAudioId] = useState(songs[0]?.audioId ?? 0)
  const [dedication, setDedication] = useState('')
  const [busy, setBusy] = useState(false)
  const [createdUrl, setCreatedUrl] = useState<string | null>(null)
  const [copied, setCopied] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)

  async function create(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    setProblem(null)
    setCopied(false)
    try {
      const response = await postJson(`/api/orders/${orderId}/gift-links/`, { audio: audioId, dedication })
      if (!response.ok) {
        setProblem((await errorDetail(response)) ?? labels.giftFailed)
        return
      }
      setCreatedUrl(((await response.json()) as { url: string }).url)
      setDedication('')
      router.refresh()
    } catch (error) {
      console.error(error)
      setProblem(labels.giftFailed)
    } finally {
      setBusy(false)
    }
  }

  async function revoke(linkId: number) {
    setBusy(true)
    setProblem(null)
    try {
      const response = await apiFetch(`/api/orders/${orderId}/gift-links/${linkId}/revoke/`, { method: 'POST' })
      if (!response.ok) setProblem((await errorDetail(response)) ?? labels.giftFailed)
      else router.refresh()
    } catch (error) {
      console.error(error)
      setProblem(labels.giftFailed)
    } finally {
      setBusy(false)
    }
  }

  async function copy() {
    if (!createdUrl) return
    try {
      await navigator.clipboard.writeText(createdUrl)
      setCopied(true)
    } catch {
      // Clipboard refused (permissions, an insecure origin): the field stays there to copy by hand.
    }
  }

  return (
    <>
      <form className={formStyles.form} onSubmit={create}>
        {songs.length > 1 && (
          <div className={formStyles.field}>
            <label htmlFor={`${id}-song`}>{labels.giftSong}</label>
            <select id={`${id}-song`} className={styles.select} value={audioId} onChange={(event) => setAudioId(Number(event.target.value))}>
              {songs.map((song) => (
                <option key={song.audioId} value={song.audioId}>
                  {song.label}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className={formStyles.field}>
          <label htmlFor={`${id}-dedication`}>{labels.giftDedication}</label>
          <textarea
            id={`${id}-dedication`}
            rows={3}
            maxLength={DEDICATION_MAX_LENGTH}
            value={dedication}
            onChange={(event) => setDedication(event.target.value)}
          />
        </div>
        <button type="submit" className="button" disabled={busy}>
          {labels.giftCreate}
        </button>
      </form>
      {createdUrl && (
        <div className={styles.created} role="status">
          <p>{labels.giftCreated}</p>
          <div className={formStyles.field}>
            <label htmlFor={`${id}-url`}>{labels.giftUrl}</label>
            <input id={`${id}-url`} readOnly value={createdUrl} onFocus={(event) => event.target.select()} />
          </div>
          <div className={styles.buttons}>
            <button type="button" className="button secondary" onClick={copy}>
              {labels.giftCopy}
            </button>
            {copied && <span>{labels.giftCopied}</span>}
          </div>
        </div>
      )}
      {problem && (
        <p role="alert" className={formStyles.fieldError}>
          {problem}
        </p>
      )}
      {links.length > 0 && (
        <>
          <h3>{labels.giftLinksTitle}</h3>
          <ul className={styles.links} role="list">
            {links.map((link) => (
              <li key={link.id}>
                <span className={styles.linkText}>
                  <strong>{link.song}</strong>
                  <span className="muted">{link.created}</span>
                  <span>{link.dedication || labels.giftNoDedication}</span>
                </span>
                {link.revoked ? (
                  <span className="muted">{link.revoked}</span>
                ) : (
                  <button type="button" className="button secondary" onClick={() => revoke(link.id)} disabled={busy} aria-label={link.revokeLabel}>
                    {labels.giftRevoke}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  )
}
