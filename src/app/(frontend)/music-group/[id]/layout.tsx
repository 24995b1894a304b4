import { notFound } from 'next/navigation'
import type { ReactNode } from 'react'
import { loadGroup } from './load-group'

type Props = { children: ReactNode; params: Promise<{ id: string }> }

/**
 * An unknown group is a 404 before anything of the page is sent (once streaming starts, the status
 * is fixed at 200). The page reads the same group.
 *
 * No loading.tsx here: its boundary sent the album after the page's first HTML, the browser
 * painted "Lädt..." and React revealed the album up to 300 ms later (it spaces reveals out), which
 * moved the footer (layout shift 0.645) and cost the album page 30 Lighthouse points once its buy
 * forms made the HTML larger. A group that fails to load still shows "Lädt..." (../error.tsx).
 */
export default async function MusicGroupLayout({ children, params }: Props) {
  if (!(await loadGroup((await params).id))) notFound()
  return children
}
