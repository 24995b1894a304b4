import type { Access, Endpoint, PayloadHandler, SanitizedConfig } from 'payload'
import { isAdminUser } from '../../src/auth/roles'

/**
 * Payload adds its own collections while it sanitizes the config (document locks, admin
 * preferences, applied migrations, the jobs queue), with access for any logged-in user. They serve the admin
 * panel alone, so here only the seller reaches them. Payload 3.90 has no config option for their
 * access, and a plugin runs before they exist; hence this step on the sanitized config.
 */
const ADMIN_ONLY_INTERNAL_COLLECTIONS = ['payload-locked-documents', 'payload-preferences', 'payload-migrations', 'payload-jobs']

const OPERATIONS = ['create', 'read', 'update', 'delete', 'readVersions', 'unlock'] as const

/** The seller, and then Payload's own rule (e.g. preferences: only one's own). */
const sellerAnd =
  (payloadRule: Access | undefined): Access =>
  (args) =>
    isAdminUser(args.req.user) && (payloadRule ? payloadRule(args) : true)

/** Payload's own endpoints of these collections (e.g. POST /payload-preferences/:key) write without an access check. */
const sellerOnlyHandler =
  (handler: PayloadHandler): PayloadHandler =>
  (req) =>
    isAdminUser(req.user) ? handler(req) : Response.json({ detail: 'Only the seller may do this.' }, { status: 403 })

export function restrictInternalCollections(config: SanitizedConfig): SanitizedConfig {
  for (const collection of config.collections) {
    if (!ADMIN_ONLY_INTERNAL_COLLECTIONS.includes(collection.slug)) continue
    const access = collection.access as Record<(typeof OPERATIONS)[number], Access | undefined>
    for (const operation of OPERATIONS) access[operation] = sellerAnd(access[operation])
    if (Array.isArray(collection.endpoints)) {
      collection.endpoints = collection.endpoints.map((endpoint: Endpoint) => ({ ...endpoint, handler: sellerOnlyHandler(endpoint.handler) }))
    }
  }
  return config
}
