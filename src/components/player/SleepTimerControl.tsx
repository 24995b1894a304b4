'use client'

import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { fillTemplate } from '@/i18n/fill-template'
import { formatDuration } from '@/player/format-duration'
import { SLEEP_FADE_SECONDS, SLEEP_TIMER_FREE_MINUTES, SLEEP_TIMER_MINUTES } from '@/rules/sleep-timer'
import type { Messages } from '@/i18n/messages/de'
import type { SleepTimerControls } from './useSleepTimer'
import styles from './SleepTimerControl.module.css'

export type SleepTimerLabels = Messages['player']['sleep']

/** "30 Sekunden", "1:30 Minuten": the fade length as read out and shown. */
export function fadeLengthText(seconds: number, labels: SleepTimerLabels): string {
  if (seconds < 60) return fillTemplate(labels.fadeSeconds, { count: seconds })
  return fillTemplate(labels.fadeMinutes, { minutes: Math.floor(seconds / 60), seconds: String(seconds % 60).padStart(2, '0') })
}

/**
 * The sleep timer's button and menu (issue 34): the ready lengths, a free length, "end of this
 * track", the fade length, and turning it off; beside the button the time left. What changes is
 * told once through the live region below (never the seconds ticking).
 */
export function SleepTimerControl({
  sleep,
  labels,
  idPrefix,
  className = '',
}: {
  sleep: SleepTimerControls
  labels: SleepTimerLabels
  idPrefix: string
  className?: string
}) {
  const [open, setOpen] = useState(false)
  const panelId = `${idPrefix}-${useId()}`
  const button = useRef<HTMLButtonElement>(null)
  const panel = useRef<HTMLDivElement>(null)
  const active = sleep.timer.phase === 'running' || sleep.timer.phase === 'fading'

  // Escape or a click elsewhere closes the menu; Escape gives the focus back to its button.
  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      event.preventDefault()
      event.stopPropagation()
      setOpen(false)
      button.current?.focus()
    }
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false)
    }
    const root = panel.current?.getRootNode() ?? document
    root.addEventListener('keydown', onKey as EventListener, true)
    document.addEventListener('pointerdown', onPointer)
    return () => {
      root.removeEventListener('keydown', onKey as EventListener, true)
      document.removeEventListener('pointerdown', onPointer)
    }
  }, [open])

  const choose = (choice: Parameters<SleepTimerControls['set']>[0]) => {
    sleep.set(choice)
    setOpen(false)
    button.current?.focus()
  }
  const setFree = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const minutes = Number(new FormData(event.currentTarget).get('minutes'))
    if (Number.isInteger(minutes) && minutes >= SLEEP_TIMER_FREE_MINUTES.min && minutes <= SLEEP_TIMER_FREE_MINUTES.max) choose({ kind: 'minutes', minutes })
  }

  return (
    <div className={`${styles.sleep} ${className}`}>
      <button
        ref={button}
        type="button"
        className={`icon-button ${styles.button}`}
        aria-label={labels.timer}
        title={labels.timer}
        aria-expanded={open}
        aria-controls={panelId}
        aria-pressed={active}
        onClick={() => setOpen(!open)}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M12.3 2a10 10 0 1 0 9.7 12.5A8 8 0 0 1 12.3 2z" />
        </svg>
      </button>
      {active && (
        <span className={styles.remaining} data-testid="sleep-remaining">
          <span className={styles.visuallyHidden}>{labels.remaining} </span>
          {sleep.remaining === null ? labels.atTrackEnd : formatDuration(Math.ceil(sleep.remaining / 1000))}
        </span>
      )}
      {open && (
        <div ref={panel} id={panelId} className={styles.panel} role="group" aria-label={labels.timer}>
          <p className={styles.heading}>{labels.choose}</p>
          <div className={styles.choices}>
            {SLEEP_TIMER_MINUTES.map((minutes) => (
              <button key={minutes} type="button" className={styles.choice} onClick={() => choose({ kind: 'minutes', minutes })}>
                {fillTemplate(labels.minutes, { count: minutes })}
              </button>
            ))}
            <button type="button" className={styles.choice} onClick={() => choose({ kind: 'endOfTrack' })}>
              {labels.endOfTrack}
            </button>
          </div>
          <form className={styles.free} onSubmit={setFree}>
            <label>
              {labels.freeLength}
              <input
                name="minutes"
                type="number"
                inputMode="numeric"
                min={SLEEP_TIMER_FREE_MINUTES.min}
                max={SLEEP_TIMER_FREE_MINUTES.max}
                step={1}
                required
                defaultValue={sleep.last?.kind === 'minutes' ? sleep.last.minutes : undefined}
              />
            </label>
            <button type="submit" className={styles.choice}>
              {labels.set}
            </button>
          </form>
          <label className={styles.fade}>
            <span>
              {labels.fade} <strong>{fadeLengthText(sleep.fadeSeconds, labels)}</strong>
            </span>
            <input
              type="range"
              min={SLEEP_FADE_SECONDS.min}
              max={SLEEP_FADE_SECONDS.max}
              step={SLEEP_FADE_SECONDS.step}
              value={sleep.fadeSeconds}
              aria-valuetext={fadeLengthText(sleep.fadeSeconds, labels)}
              onChange={(event) => sleep.setFadeSeconds(Number(event.currentTarget.value))}
            />
          </label>
          {active && (
            <button
              type="button"
              className={styles.choice}
              onClick={() => {
                sleep.cancel()
                setOpen(false)
                button.current?.focus()
              }}
            >
              {labels.cancel}
            </button>
          )}
        </div>
      )}
    </div>
  )
}

/** The timer's news, once, politely (one live region per player, outside the menus). */
export function SleepTimerAnnouncer({ sleep, labels }: { sleep: SleepTimerControls; labels: SleepTimerLabels }) {
  const { news } = sleep
  const text =
    news?.kind === 'set'
      ? news.choice.kind === 'endOfTrack'
        ? labels.announceEndOfTrack
        : fillTemplate(labels.announceSet, { count: news.choice.minutes })
      : news?.kind === 'cancelled'
        ? labels.announceCancelled
        : news?.kind === 'stopped'
          ? labels.announceStopped
          : ''
  return (
    <span className={styles.visuallyHidden} aria-live="polite" data-testid="sleep-news">
      {text}
    </span>
  )
}
