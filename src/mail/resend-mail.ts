import type { Endpoint } from 'payload'
import { isAdminUser } from '@/auth/roles'
import { answer } from '@/http/answer'
import { parseDocumentId } from '@/http/document-id'
import { refuse } from '@/site/outcome'

/** POST /api/cms/mails/{id}/resend (the seller): sends a recorded mail once more, through the queue. */
export const resendMailEndpoint: Endpoint = {
  path: '/:id/resend',
  method: 'post',
  handler: async (req) => {
    if (!isAdminUser(req.user)) return answer(refuse(403, 'Only the seller can send a mail again.'))
    const id = parseDocumentId(String(req.routeParams?.id ?? ''))
    if (id === null) return answer(refuse(400, 'The mail id must be a positive whole number.'))
    const { docs } = await req.payload.find({ collection: 'mails', where: { id: { equals: id } }, limit: 1, depth: 0 })
    if (!docs[0]) return answer(refuse(404, 'There is no such mail.'))
    await req.payload.update({ collection: 'mails', id, data: { status: 'queued', last_error: null }, depth: 0 })
    await req.payload.jobs.queue({ task: 'sendMail', input: { mail: id } })
    return Response.json({ detail: 'The mail is queued again.' }, { status: 202 })
  },
}
