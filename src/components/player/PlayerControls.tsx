import type { ReactNode } from 'react'
import styles from './PlayerBar.module.css'

/** The player's icons (24 × 24 paths), shared with the now-playing view. */
export const ICONS = {
  back10: 'M12 5V1L7 6l5 5V7a6 6 0 1 1-6 6H4a8 8 0 1 0 8-8z',
  play: 'M8 5v14l11-7z',
  pause: 'M7 5h4v14H7zM13 5h4v14h-4z',
  next: 'M6 6v12l8.5-6zM16 6h2v12h-2z',
  previous: 'M18 6v12l-8.5-6zM6 6h2v12H6z',
  shuffle: 'M10.6 9.2 5.4 4 4 5.4l5.2 5.2zM14.5 4l2 2L4 18.6 5.4 20 18 7.5l2 2V4zm.3 9.4-1.4 1.4 3.1 3.1-2 2H20v-5.5l-2 2z',
  repeat: 'M7 7h10v3l4-4-4-4v3H5v6h2zm10 10H7v-3l-4 4 4 4v-3h12v-6h-2z',
  close: 'M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4 10.6 12 5 17.6 6.4 19 12 13.4 17.6 19 19 17.6 13.4 12z',
} as const

/** An icon button whose accessible name (and tooltip) says what it does now. */
export function ControlButton(props: { label: string; onClick: () => void; pressed?: boolean; className?: string; children: ReactNode }) {
  return (
    <button
      type="button"
      className={`icon-button ${styles.iconButton} ${props.className ?? ''}`}
      onClick={props.onClick}
      aria-label={props.label}
      title={props.label}
      aria-pressed={props.pressed}
    >
      {props.children}
    </button>
  )
}

export function Icon({ path, size = 22 }: { path: string; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path d={path} fill="currentColor" />
    </svg>
  )
}
