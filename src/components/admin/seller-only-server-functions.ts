import { getPayload, type ImportMap, type SanitizedConfig, UnauthorizedError } from 'payload'
import { isAdminUser } from '@/auth/roles'
import { adminViewer } from './viewer'

/**
 * The second wall in front of Payload's admin server functions (src/app/(payload)/layout.tsx):
 * Payload checks admin access inside most of them; this refuses every caller who is not the
 * seller before Payload sees the call, so a hole in one of its functions (3.88's render-field
 * rendered any component with chosen props for any logged-in user) leaks nothing. The admin's
 * login screen needs none of them while logged out (checked in the browser), so none is open.
 */
export async function refuseAllButTheSeller(config: Promise<SanitizedConfig> | SanitizedConfig, importMap: ImportMap): Promise<void> {
  // As Payload's own initReq gets it (the instance is one per process).
  const payload = await getPayload({ config, cron: true, importMap })
  if (!isAdminUser(await adminViewer(payload))) throw new UnauthorizedError()
}
