import type { Endpoint } from 'payload'
import { isAdminUser } from '../../../src/auth/roles'
import { answer } from '../../../src/http/answer'
import { parseDocumentId } from '../../../src/http/document-id'
import { resendMail } from '../../../src/mail/resend-mail'
import { refuse } from '../../../src/site/outcome'

/** POST /api/cms/mails/{id}/resend (the seller): sends a recorded mail once more, through the queue. */
export const resendMailEndpoint: Endpoint = {
  path: '/:id/resend',
  method: 'post',
  handler: async (req) => {
    if (!isAdminUser(req.user)) return answer(refuse(403, 'Only the seller can send a mail again.'))
    const id = parseDocumentId(String(req.routeParams?.id ?? ''))
    if (id === null) return answer(refuse(400, 'The mail id must be a positive whole number.'))
    if (!(await resendMail(req.payload, id))) return answer(refuse(404, 'There is no such mail.'))
    return Response.json({ detail: 'The mail is queued again.' }, { status: 202 })
  },
}
