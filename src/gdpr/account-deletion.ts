import type { Payload, TypedUser } from 'payload'
import { accountWaitMessage, loginSucceeded, startLoginAttempt, TOO_MANY_LOGIN_FAILURES } from '@/auth/login-limit'
import { passwordMatches } from '@/auth/password-check'
import { anonymiseCustomer, type ErasureSummary } from './anonymise'
import { openOrdersOf } from './retention'

type DeletionProblem = { status: 400 | 403 | 409 | 429; code: string; detail: string }
export type AccountDeletionOutcome = { ok: true; value: ErasureSummary } | ({ ok: false } & DeletionProblem)

const problem = (status: DeletionProblem['status'], code: string, detail: string): AccountDeletionOutcome => ({ ok: false, status, code, detail })

/**
 * POST /api/accounts/delete/ {password}: a customer deletes their own account. The password is
 * asked again (a session left open on a shared computer must not be enough) and counted like a
 * login, so the form cannot be used to guess it. The account is anonymised by the same rule as
 * the seller's action (src/gdpr/anonymise.ts): invoice data stay for the retention period,
 * everything else goes, every session ends. Refused while an order is still open.
 */
export async function deleteOwnAccount(payload: Payload, user: TypedUser, input: unknown, clientAddress: string): Promise<AccountDeletionOutcome> {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return problem(400, 'invalid_request', 'Expected a JSON object with password.')
  const { password } = input as Record<string, unknown>
  if (typeof password !== 'string' || password === '' || password.length > 1024) return problem(400, 'password_required', 'Please enter your password.')
  if ((user as { role?: string }).role !== 'customer') return problem(403, 'not_a_customer', "The seller's account cannot be deleted here.")

  const attempt = await startLoginAttempt(payload, clientAddress, user.id)
  if (!attempt.allowed) return problem(429, 'too_many_requests', attempt.reason === 'address' ? TOO_MANY_LOGIN_FAILURES : accountWaitMessage(attempt.waitSeconds))
  if (!(await passwordMatches(payload, user.id, password))) return problem(400, 'wrong_password', 'The password is not correct.')
  await loginSucceeded(payload, attempt.hitIds, user.id)

  const open = await openOrdersOf(payload, user.id)
  if (open.length > 0) {
    const numbers = open.map((order) => order.id).join(', ')
    return problem(409, 'orders_open', `Your account can be deleted once your orders are finished: order no. ${numbers} is still open.`)
  }
  const outcome = await anonymiseCustomer(payload, user.id)
  return outcome.ok ? outcome : problem(outcome.status === 409 ? 409 : 400, 'not_deletable', outcome.detail)
}
