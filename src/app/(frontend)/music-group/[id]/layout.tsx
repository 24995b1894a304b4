import { notFound } from 'next/navigation'
import type { ReactNode } from 'react'
import { loadGroup } from './load-group'

type Props = { children: ReactNode; params: Promise<{ id: string }> }

/**
 * An unknown group is a 404 before the page below starts streaming behind its loading.tsx (once
 * streaming starts, the status is fixed at 200). The page reads the same group.
 */
export default async function MusicGroupLayout({ children, params }: Props) {
  if (!(await loadGroup((await params).id))) notFound()
  return children
}
