import type { CollectionBeforeChangeHook, GlobalBeforeChangeHook, PayloadRequest, SanitizedConfig } from 'payload'

/**
 * createdAt and updatedAt are the server's: a request from outside (Payload's REST, the admin)
 * never sets them. On create both are the server's time; on update createdAt stays the stored one
 * (Payload itself stamps updatedAt). The server's own Local API calls may still set them, e.g. demo
 * data with past dates. A beforeChange hook, so it runs after the admin's stale-save check
 * (collections/Orders/hooks/refuseStaleOrderSave.ts), which reads the updatedAt the form sends back.
 */
const fromOutside = (req: PayloadRequest): boolean => req.payloadAPI !== 'local'

export const serverTimestamps: CollectionBeforeChangeHook = ({ data, operation, originalDoc, req }) => {
  if (!fromOutside(req)) return data
  if (operation === 'create') {
    const now = new Date().toISOString()
    return { ...data, createdAt: now, updatedAt: now }
  }
  const { createdAt: _sent, updatedAt: _alsoSent, ...rest } = data
  return originalDoc?.createdAt ? { ...rest, createdAt: originalDoc.createdAt } : rest
}

/** The same for a global's save: its createdAt stays the stored one. */
export const serverTimestampsOfGlobal: GlobalBeforeChangeHook = ({ data, originalDoc, req }) => {
  if (!fromOutside(req)) return data
  const { createdAt: _sent, updatedAt: _alsoSent, ...rest } = data
  return originalDoc?.createdAt ? { ...rest, createdAt: originalDoc.createdAt } : rest
}

/**
 * Config step: the rule above on every collection and global with timestamps, Payload's own
 * included (they exist only in the sanitized config), as the first beforeChange hook, so the
 * collection's own hooks already see the server's values.
 */
export function applyServerTimestamps(config: SanitizedConfig): SanitizedConfig {
  for (const collection of config.collections) {
    if (collection.timestamps === false) continue
    collection.hooks.beforeChange = [serverTimestamps, ...(collection.hooks.beforeChange ?? [])]
  }
  for (const global of config.globals) {
    global.hooks.beforeChange = [serverTimestampsOfGlobal, ...(global.hooks.beforeChange ?? [])]
  }
  return config
}
