'use client'

import { useEffect, useState } from 'react'
import { THEME_STORAGE_KEY } from './head-script'

type Theme = 'dark' | 'light'

/** Switches between light and dark and remembers the choice in localStorage. */
export function ThemeToggle({ labels }: { labels: { dark: string; light: string } }) {
  const [theme, setTheme] = useState<Theme | null>(null)
  useEffect(() => setTheme(document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light'), [])

  const toggle = () => {
    const next: Theme = theme === 'dark' ? 'light' : 'dark'
    document.documentElement.dataset.theme = next
    localStorage.setItem(THEME_STORAGE_KEY, next)
    setTheme(next)
  }
  const label = theme === 'dark' ? labels.light : labels.dark
  return (
    <button type="button" className="icon-button" onClick={toggle} aria-label={label} title={label}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        {theme === 'dark' ? (
          <path
            fill="currentColor"
            d="M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10zm0-5 1.5 3h-3zm0 20-1.5-3h3zM2 12l3-1.5v3zm20 0-3 1.5v-3zM4.9 4.9l3.2 1.1-2.1 2.1zm14.2 14.2-3.2-1.1 2.1-2.1zM4.9 19.1 6 15.9l2.1 2.1zM19.1 4.9 18 8.1 15.9 6z"
          />
        ) : (
          <path fill="currentColor" d="M20 15.3A8.5 8.5 0 0 1 8.7 4a8.5 8.5 0 1 0 11.3 11.3z" />
        )}
      </svg>
    </button>
  )
}
