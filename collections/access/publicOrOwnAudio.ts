import type { Access } from 'payload'
import { isAdminUser } from '../../src/auth/roles'

/**
 * Audio files: catalog tracks are public; a customer's recording and the songs
 * delivered to them are readable only by that customer (and the seller).
 */
export const publicOrOwnAudio: Access = ({ req }) => {
  if (isAdminUser(req.user)) return true
  const publicTracks = { purpose: { equals: 'track' } }
  if (!req.user) return publicTracks
  return { or: [publicTracks, { owner: { equals: req.user.id } }] }
}
