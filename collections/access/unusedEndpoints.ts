import type { Endpoint, PayloadHandler, SanitizedConfig } from 'payload'

/**
 * Routes Payload registers for features the shop does not use: Payload's own e-mail verification
 * (accounts confirm their address through /api/accounts/confirm-email/) and scheduled jobs (the
 * shop's queues run on their own). Their handlers answer 500 when called here; a caller gets a
 * plain 404 with `detail` instead. Applied to the sanitized config, where Payload adds them.
 */
const UNUSED: Record<string, { method: string; path: string }[]> = {
  users: [{ method: 'post', path: '/verify/:id' }],
  'payload-jobs': [{ method: 'get', path: '/handle-schedules' }],
}

const notUsedHere: PayloadHandler = () => Response.json({ detail: 'This shop does not use this route.' }, { status: 404 })

export function closeUnusedEndpoints(config: SanitizedConfig): SanitizedConfig {
  for (const collection of config.collections) {
    const unused = UNUSED[collection.slug]
    if (!unused || !Array.isArray(collection.endpoints)) continue
    collection.endpoints = collection.endpoints.map((endpoint: Endpoint) =>
      unused.some(({ method, path }) => endpoint.method === method && endpoint.path === path) ? { ...endpoint, handler: notUsedHere } : endpoint,
    )
  }
  return config
}
