import type { Payload, TypedUser } from 'payload'
import { accountWaitMessage, loginSucceeded, startLoginAttempt, TOO_MANY_LOGIN_FAILURES } from '@/auth/login-limit'
import { passwordMatches } from '@/auth/password-check'
import { type Outcome, refuse } from '@/site/outcome'
import { anonymiseCustomer, type ErasureSummary } from './anonymise'
import { openOrdersOf } from './retention'

export type AccountDeletionOutcome = Outcome<ErasureSummary>

/**
 * POST /api/accounts/delete/ {password}: a customer deletes their own account. The password is
 * asked again (a session left open on a shared computer must not be enough) and counted like a
 * login, so the form cannot be used to guess it. The account is anonymised by the same rule as
 * the seller's action (src/gdpr/anonymise.ts): invoice data stay for the retention period,
 * everything else goes, every session ends. Refused while an order is still open.
 */
export async function deleteOwnAccount(payload: Payload, user: TypedUser, input: unknown, clientAddress: string): Promise<AccountDeletionOutcome> {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return refuse(400, 'Expected a JSON object with password.', { code: 'invalid_request' })
  const { password } = input as Record<string, unknown>
  if (typeof password !== 'string' || password === '' || password.length > 1024)
    return refuse(400, 'Please enter your password.', { code: 'password_required' })
  if ((user as { role?: string }).role !== 'customer') return refuse(403, "The seller's account cannot be deleted here.", { code: 'not_a_customer' })

  const attempt = await startLoginAttempt(payload, clientAddress, user.id)
  if (!attempt.allowed)
    return refuse(429, attempt.reason === 'address' ? TOO_MANY_LOGIN_FAILURES : accountWaitMessage(attempt.waitSeconds), { code: 'too_many_requests' })
  if (!(await passwordMatches(payload, user.id, password))) return refuse(400, 'The password is not correct.', { code: 'wrong_password' })
  await loginSucceeded(payload, attempt.hitIds, user.id)

  const open = await openOrdersOf(payload, user.id)
  if (open.length > 0) {
    const numbers = open.map((order) => order.id).join(', ')
    return refuse(409, `Your account can be deleted once your orders are finished: order no. ${numbers} is still open.`, { code: 'orders_open' })
  }
  const outcome = await anonymiseCustomer(payload, user.id)
  return outcome.ok ? outcome : refuse(outcome.status === 409 ? 409 : 400, outcome.detail, { code: 'not_deletable' })
}
