import type { Endpoint } from 'payload'
import { isAdminUser } from '../../../src/auth/roles'
import { importFollowers } from '../../../src/followers/import'
import { answer } from '../../../src/http/answer'
import { refuse } from '../../../src/site/outcome'

/** POST /api/cms/followers/import (the seller, the admin's import page): JSON {csv, locale}. */
export const importFollowersEndpoint: Endpoint = {
  path: '/import',
  method: 'post',
  handler: async (req) => {
    if (!isAdminUser(req.user)) return answer(refuse(403, 'Only the seller can import followers.'))
    const body = await req.json?.().catch(() => null)
    return answer(await importFollowers(req.payload, body), 202)
  },
}
