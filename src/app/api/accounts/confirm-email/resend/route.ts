import { sendNewConfirmationLink } from '@/mail/account-mails'
import { customerRoute } from '@/app/api/_adapters/customer-route'
import { answer } from '@/http/answer'

/** POST /api/accounts/confirm-email/resend/ with an empty body: a fresh confirmation link for the logged-in account (202). */
export const POST = customerRoute(async (_request, { payload, user }) => {
  const outcome = await sendNewConfirmationLink(payload, user)
  if (!outcome.ok) return answer(outcome)
  return Response.json(
    { detail: 'A new confirmation link is on its way.', email: outcome.value.email },
    { status: 202, headers: { 'Cache-Control': 'no-store' } },
  )
})
