import type { Access } from 'payload'
import { isAdminUser } from '../../src/auth/roles'

/**
 * Catalog documents with drafts (tracks, albums and playlists, news): visitors and customers read
 * only what is published; drafts and documents waiting for their scheduled release stay the
 * seller's. Payload applies the where to every read made with access (REST, the storefront's
 * catalog reads, joins, populated relationships, `?draft=true`, where it becomes `version._status`).
 */
export const publishedOrSeller: Access = ({ req }) => isAdminUser(req.user) || { _status: { equals: 'published' } }
