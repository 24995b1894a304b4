'use client'

import { IntentLink } from '@/components/navigation/IntentLink'
import { usePathname } from 'next/navigation'
import { type ReactNode, useEffect, useId, useState } from 'react'

export type NavItem = { href: string; label: string; ariaLabel?: string }

/** The main navigation; on narrow screens a disclosure button opens and closes it. */
export function NavigationMenu({
  items,
  label,
  openLabel,
  closeLabel,
  children,
}: {
  items: NavItem[]
  label: string
  openLabel: string
  closeLabel: string
  children?: ReactNode
}) {
  const [open, setOpen] = useState(false)
  const pathname = usePathname()
  const listId = useId()

  useEffect(() => setOpen(false), [pathname])
  useEffect(() => {
    if (!open) return
    const onKeyDown = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false)
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [open])

  return (
    <nav className="main-nav" aria-label={label} data-open={open}>
      <button
        type="button"
        className="icon-button menu-toggle"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={open ? closeLabel : openLabel}
        onClick={() => setOpen((value) => !value)}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d={open ? 'M6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6z' : 'M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z'}
          />
        </svg>
      </button>
      <ul id={listId} className="nav-list">
        {items.map((item) => (
          <li key={item.href}>
            <IntentLink
              href={item.href}
              aria-label={item.ariaLabel}
              aria-current={pathname === item.href || (item.href !== '/' && pathname.startsWith(item.href + '/')) ? 'page' : undefined}
            >
              {item.label}
            </IntentLink>
          </li>
        ))}
        {children}
      </ul>
    </nav>
  )
}
