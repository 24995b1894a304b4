'use client'

import { useField, useFormFields, useTranslation } from '@payloadcms/ui'
import { useEffect, useState } from 'react'

type AudioFacts = { title?: string | null; duration?: number | null; filename?: string | null }

const formatDuration = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`

/**
 * Under a track's audio field: the playing time read from the file (read-only), and the file's
 * title (from its tags or name) put into the track's empty title, so dropping a file is enough.
 */
export function TrackAudioFacts() {
  const { i18n } = useTranslation()
  const audio = useFormFields(([fields]) => fields.audio?.value) as number | { id: number } | null | undefined
  const audioId = typeof audio === 'object' && audio ? audio.id : audio
  const title = useField<string>({ path: 'title' })
  const [facts, setFacts] = useState<AudioFacts | null>(null)

  useEffect(() => {
    if (typeof audioId !== 'number') return setFacts(null)
    let current = true
    fetch(`/api/cms/audio/${audioId}?depth=0`, { credentials: 'include' })
      .then((response) => (response.ok ? (response.json() as Promise<AudioFacts>) : null))
      .then((found) => {
        if (current) setFacts(found)
      })
      .catch(() => undefined)
    return () => {
      current = false
    }
  }, [audioId])

  const suggestedTitle = facts?.title?.trim()
  const { value: titleValue, setValue: setTitle } = title
  useEffect(() => {
    if (suggestedTitle && !titleValue) setTitle(suggestedTitle)
  }, [suggestedTitle, titleValue, setTitle])

  if (!facts) return null
  const label = i18n.language === 'en' ? 'Duration (read from the file)' : 'Dauer (aus der Datei gelesen)'
  return (
    <p className="field-description" data-testid="track-duration">
      {label}: <output>{typeof facts.duration === 'number' ? formatDuration(facts.duration) : '–'}</output>
    </p>
  )
}
