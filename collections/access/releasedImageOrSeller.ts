import type { Access } from 'payload'
import { isAdminUser } from '../../src/auth/roles'
import { unreleasedImages } from '../../src/catalog/unreleased-images'

/**
 * Images: everyone reads them, except those only an unreleased album, track or news item shows
 * (its cover before its release day), which stay the seller's until it is out.
 */
export const releasedImageOrSeller: Access = async ({ req }) => {
  if (isAdminUser(req.user)) return true
  const unreleased = await unreleasedImages(req.payload)
  if (!unreleased) return false
  return unreleased.ids.length === 0 ? true : { id: { not_in: unreleased.ids } }
}
