import type { Access, Where } from 'payload'
import { isAdminUser } from '../../src/auth/roles'
import { ownedAudioIds } from '../../src/library/own-music'

/**
 * Audio files: catalog tracks are public; a customer's recording and the songs
 * delivered to them are readable only by that customer (and the seller), and so are the
 * files of the tracks a customer owns (bought, redeemed, taken for free) while the catalog does
 * not show them (a draft, a track taken off): what one owns plays in the player.
 */
export const publicOrOwnAudio: Access = async ({ req }) => {
  if (isAdminUser(req.user)) return true
  const publicTracks: Where = { purpose: { equals: 'track' } }
  if (!req.user) return publicTracks
  const owned = await ownedAudioIds(req.payload, req.user.id, req)
  const ownedTracks: Where[] = owned.length ? [{ id: { in: owned } }] : []
  return { or: [publicTracks, { owner: { equals: req.user.id } }, ...ownedTracks] }
}
