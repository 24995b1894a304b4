import type { Audio, MusicGroup, Track } from '../../payload-types'
import { masterFormatOf } from '@/downloads/formats'
import { SALE_PRICE_LIMITS, saleOffer, type SaleFormat, type SaleOffer } from '@/rules/catalog-sale'
import { toEuros } from '@/rules/pricing'

/** A populated audio file whose master is lossless (WAV, FLAC, AIFF); an unpopulated one counts as not. */
const masterIsLossless = (audio: number | Audio | null | undefined): boolean =>
  typeof audio === 'object' && audio !== null && masterFormatOf(audio.filename ?? '').lossless

/** A track's offer (src/rules/catalog-sale.ts), its audio populated; null when not for sale. */
export const trackOffer = (track: Pick<Track, 'sale' | 'audio'>): SaleOffer | null => saleOffer(track.sale, masterIsLossless(track.audio))

/** An album's offer, its tracks and their audio populated: FLAC only when every track's master is lossless. */
export function groupOffer(group: Pick<MusicGroup, 'sale' | 'tracks'>): SaleOffer | null {
  const tracks = (group.tracks ?? []).filter((track): track is Track => typeof track === 'object' && track !== null)
  return saleOffer(group.sale, tracks.length > 0 && tracks.every((track) => masterIsLossless(track.audio)))
}

/** An offer as the API and the pages show it, in euros (the shop's prices are euros); null when not for sale. */
export type SerializedOffer =
  | { mode: 'fixed_price'; price: number; formats: SaleFormat[] }
  | { mode: 'name_your_price'; minimum: number; suggested: number; maximum: number; formats: SaleFormat[] }

export function serializeOffer(offer: SaleOffer | null): SerializedOffer | null {
  if (!offer) return null
  if (offer.mode === 'fixed_price') return { mode: 'fixed_price', price: toEuros(offer.priceCents), formats: offer.formats }
  return {
    mode: 'name_your_price',
    minimum: toEuros(offer.minimumCents),
    suggested: toEuros(offer.suggestedCents),
    maximum: toEuros(SALE_PRICE_LIMITS.maxCents),
    formats: offer.formats,
  }
}
