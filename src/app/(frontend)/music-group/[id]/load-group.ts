import { cache } from 'react'
import { previewingSeller } from '@/auth/previewing-seller'
import { findMusicGroup, previewMusicGroup } from '@/catalog/music-groups'
import { parseDocumentId } from '@/http/document-id'
import { requestTranslation } from '@/i18n/request-locale'
import { payloadClient } from '@/site/payload'

/** The group a page shows: what is published (cached), or for the seller's preview its newest draft; null for none. Once per request. */
export const loadGroup = cache(async (rawId: string) => {
  const id = parseDocumentId(rawId)
  if (id === null) return null
  const payload = await payloadClient()
  const { locale } = await requestTranslation()
  const seller = await previewingSeller(payload)
  return seller ? previewMusicGroup(payload, id, locale, seller) : findMusicGroup(payload, id, locale)
})
