import type { Payload, PayloadRequest } from 'payload'
import type { Audio, MusicGroup, Track } from '../../payload-types'
import { masterFormatOf } from '@/downloads/formats'
import { parseDocumentId } from '@/http/document-id'
import { CATALOG_ITEM_KINDS, type CatalogItemKind, offeredFormats, type SaleFormat } from '@/rules/catalog-sale'
import { type Outcome, refuse } from '@/site/outcome'

/** An album or a track, as codes and grants name it. */
export type CatalogItem = { kind: CatalogItemKind; id: number }

const isKind = (value: unknown): value is CatalogItemKind => CATALOG_ITEM_KINDS.includes(value as CatalogItemKind)

/** `{ kind, id }` from a request (JSON numbers or a form's text); 400 for anything else. */
export function parseCatalogItem(kind: unknown, id: unknown): Outcome<CatalogItem> {
  if (!isKind(kind)) return refuse(400, 'kind must be "music-group" or "track".', { code: 'invalid_request', field: 'kind' })
  const parsed = parseDocumentId(typeof id === 'number' ? String(id) : typeof id === 'string' ? id : '')
  if (parsed === null) return refuse(400, 'id must be the id of an album or a track.', { code: 'invalid_request', field: 'id' })
  return { ok: true, value: { kind, id: parsed } }
}

const lossless = (audio: number | Audio | null | undefined): boolean =>
  typeof audio === 'object' && audio !== null && masterFormatOf(audio.filename ?? '').lossless

/**
 * The album or track (draft or published: the seller's own read) with its title and the formats a
 * code for it gives: those its sale settings offer (MP3 always, FLAC for lossless masters, the
 * master when offered), also when it is not for sale. Null when there is none.
 */
export async function catalogItemForCodes(payload: Payload, item: CatalogItem, req?: PayloadRequest): Promise<{ title: string; formats: SaleFormat[] } | null> {
  if (item.kind === 'track') {
    const track: Track | null = await payload.findByID({ collection: 'tracks', id: item.id, depth: 1, draft: true, disableErrors: true, req })
    return track ? { title: track.title, formats: offeredFormats(track.sale ?? {}, lossless(track.audio)) } : null
  }
  const group: MusicGroup | null = await payload.findByID({ collection: 'music-groups', id: item.id, depth: 2, draft: true, disableErrors: true, req })
  if (!group) return null
  const tracks = (group.tracks ?? []).filter((track): track is Track => typeof track === 'object' && track !== null)
  return { title: group.title, formats: offeredFormats(group.sale ?? {}, tracks.length > 0 && tracks.every((track) => lossless(track.audio))) }
}
