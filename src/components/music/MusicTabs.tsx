'use client'

import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react'
import styles from './MusicTabs.module.css'

export type MusicTab = { key: string; label: string; panel: ReactNode }

/** Accessible tabs (arrow keys move between them); the open tab is kept in ?tab= for links. */
export function MusicTabs({ tabs, label, initial }: { tabs: MusicTab[]; label: string; initial: string }) {
  const [active, setActive] = useState(tabs.some((tab) => tab.key === initial) ? initial : tabs[0]!.key)
  const baseId = useId()
  const refs = useRef<(HTMLButtonElement | null)[]>([])

  // The URL changes when the visitor picks a tab, never on load: Next's router takes every
  // replaceState as a new router state, and a change at hydration made it prefetch every link
  // of the page a second time (issue 29).
  const choose = (key: string) => {
    setActive(key)
    const url = new URL(window.location.href)
    url.searchParams.set('tab', key)
    window.history.replaceState(window.history.state, '', url)
  }

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    const target = event.key === 'Home' ? 0 : event.key === 'End' ? tabs.length - 1 : (index + step + tabs.length) % tabs.length
    if (!step && event.key !== 'Home' && event.key !== 'End') return
    event.preventDefault()
    choose(tabs[target]!.key)
    refs.current[target]?.focus()
  }

  return (
    <div>
      <div role="tablist" aria-label={label} className={styles.tablist}>
        {tabs.map((tab, index) => (
          <button
            key={tab.key}
            ref={(element) => {
              refs.current[index] = element
            }}
            type="button"
            role="tab"
            id={`${baseId}-${tab.key}-tab`}
            aria-controls={`${baseId}-${tab.key}-panel`}
            aria-selected={tab.key === active}
            tabIndex={tab.key === active ? 0 : -1}
            className={styles.tab}
            onClick={() => choose(tab.key)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={`${baseId}-${tab.key}-panel`}
          aria-labelledby={`${baseId}-${tab.key}-tab`}
          hidden={tab.key !== active}
          tabIndex={0}
          className={styles.panel}
        >
          {tab.panel}
        </div>
      ))}
    </div>
  )
}
