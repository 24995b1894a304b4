import type { Endpoint, PayloadRequest } from 'payload'
import type { User } from '../../../payload-types'
import { isAdminUser } from '../../../src/auth/roles'
import { answer } from '../../../src/http/answer'
import { mailingOverview, parseReleaseRef, previewReleaseMail, requestMailing, sendTestReleaseMail } from '../../../src/mailings/release-mailing'
import { refuse } from '../../../src/site/outcome'

/** The seller only: a visitor 401, a customer 403. */
const sellerOf = (req: PayloadRequest): User | Response => {
  if (!req.user) return answer(refuse(401, 'Log in as the seller.'))
  if (!isAdminUser(req.user)) return answer(refuse(403, 'Only the seller can mail her followers.'))
  return req.user as User
}

const query = (req: PayloadRequest) => Object.fromEntries(req.searchParams?.entries() ?? [])
const jsonBody = async (req: PayloadRequest): Promise<Record<string, unknown>> => {
  const body: unknown = await req.json?.().catch(() => null)
  return body && typeof body === 'object' ? (body as Record<string, unknown>) : {}
}

/** GET /api/cms/follower-mailings/release?collection=&id=: confirmed followers, the release's mailing and its progress. */
export const mailingReleaseEndpoint: Endpoint = {
  path: '/release',
  method: 'get',
  handler: async (req) => {
    const seller = sellerOf(req)
    if (seller instanceof Response) return seller
    const ref = parseReleaseRef(query(req))
    return answer(ref.ok ? await mailingOverview(req.payload, seller, ref.value) : ref)
  },
}

/** GET /api/cms/follower-mailings/preview?collection=&id=&locale=: the mail as a follower in that language gets it. */
export const mailingPreviewEndpoint: Endpoint = {
  path: '/preview',
  method: 'get',
  handler: async (req) => {
    const seller = sellerOf(req)
    if (seller instanceof Response) return seller
    const input = query(req)
    const ref = parseReleaseRef(input)
    return answer(ref.ok ? await previewReleaseMail(req.payload, seller, ref.value, input.locale) : ref)
  },
}

/** POST /api/cms/follower-mailings/test {collection, id}: the mail in both languages to the seller herself. */
export const mailingTestEndpoint: Endpoint = {
  path: '/test',
  method: 'post',
  handler: async (req) => {
    const seller = sellerOf(req)
    if (seller instanceof Response) return seller
    const ref = parseReleaseRef(await jsonBody(req))
    return answer(ref.ok ? await sendTestReleaseMail(req.payload, seller, ref.value) : ref, 202)
  },
}

/** POST /api/cms/follower-mailings/send {collection, id}: the release's mailing, now or when it is published. */
export const mailingSendEndpoint: Endpoint = {
  path: '/send',
  method: 'post',
  handler: async (req) => {
    const seller = sellerOf(req)
    if (seller instanceof Response) return seller
    const ref = parseReleaseRef(await jsonBody(req))
    return answer(ref.ok ? await requestMailing(req.payload, seller, ref.value) : ref, 202)
  },
}
