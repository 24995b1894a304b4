'use client'

import Link from 'next/link'
import { useRouter } from 'next/navigation'
import type { AnchorHTMLAttributes, FocusEvent, MouseEvent, TouchEvent } from 'react'

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { href: string }

/**
 * A client-side link that fetches its page when the visitor shows the intent to follow it (the
 * pointer over it, a touch, keyboard focus), not when it scrolls into view: next/link's default
 * fetched every album of a page of covers while the page itself was still loading, on a phone's
 * slow connection (issue 29).
 */
export function IntentLink({ href, onMouseEnter, onTouchStart, onFocus, ...props }: Props) {
  const router = useRouter()
  const prefetch = () => router.prefetch(href)
  return (
    <Link
      {...props}
      href={href}
      prefetch={false}
      onMouseEnter={(event: MouseEvent<HTMLAnchorElement>) => {
        prefetch()
        onMouseEnter?.(event)
      }}
      onTouchStart={(event: TouchEvent<HTMLAnchorElement>) => {
        prefetch()
        onTouchStart?.(event)
      }}
      onFocus={(event: FocusEvent<HTMLAnchorElement>) => {
        prefetch()
        onFocus?.(event)
      }}
    />
  )
}
