import { notFound } from 'next/navigation'
import type { ReactNode } from 'react'
import { findMusicGroup } from '@/catalog/music-groups'
import { parseDocumentId } from '@/http/document-id'
import { requestTranslation } from '@/i18n/request-locale'
import { payloadClient } from '@/site/payload'

type Props = { children: ReactNode; params: Promise<{ id: string }> }

/**
 * An unknown group is a 404 before the page below starts streaming behind its loading.tsx (once
 * streaming starts, the status is fixed at 200). The page reads the same cached group.
 */
export default async function MusicGroupLayout({ children, params }: Props) {
  const id = parseDocumentId((await params).id)
  const { locale } = await requestTranslation()
  if (id === null || !(await findMusicGroup(await payloadClient(), id, locale))) notFound()
  return children
}
