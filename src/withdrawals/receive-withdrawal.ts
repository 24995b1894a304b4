import { commitTransaction, createLocalReq, initTransaction, killTransaction, type Payload, type PayloadRequest, type TypedUser } from 'payload'
import { withSlots } from '@/auth/rate-limit'
import { addressFingerprint } from '@/http/client-address'
import type { Locale } from '@/i18n/locales'
import { messagesFor } from '@/i18n/translator'
import { type Outcome, refuse } from '@/site/outcome'
import { type Declaration, declarationText, toDeclaration, type WithdrawalInput, type WithdrawalProblem, withdrawalProblems } from './declaration'

/**
 * At most `perSender` declarations from one client address and `overall` from everyone per window,
 * and `perRecipient` per hour to one e-mail address: each declaration mails a receipt to the address
 * typed in, which must not become a way to flood someone's inbox (src/auth/rate-limit.ts).
 * Past `perRecipient` the declaration is refused (429, nothing stored), not stored without its
 * receipt: § 356a BGB wants every declaration received confirmed at once, and a genuine sender
 * needs one declaration per contract, so a refusal that keeps the form filled for a later try
 * hinders no one, while a stored declaration without a receipt would break the confirmation duty.
 */
export const WITHDRAWAL_RATE = { perSender: 5, overall: 100, windowMinutes: 10, perRecipient: 5, recipientWindowMinutes: 60 } as const

/** What the sender learns: the declaration as stored and when it was received; never whether the order exists. */
export type WithdrawalReceipt = { received_at: string; declaration: string; email: string; order_number: string; locale: Locale }

/** The receipt, or 400 with the problem's `code` and `field`, or 429. */
export type WithdrawalOutcome = Outcome<WithdrawalReceipt, WithdrawalProblem['code'] | 'too_many'>

type Sender = { clientAddress: string; user: TypedUser | null; fallbackLocale: Locale }

/**
 * Receives a declaration of withdrawal (POST /api/withdrawals/): checks it, rate-limits it, and
 * stores it with the time of receipt in one transaction, in which the collection's hook
 * (collections/Withdrawals/hooks/mailWithdrawal.ts) queues the confirmation to the customer and the note to
 * the seller: a stored declaration is never left without its confirmation, a failed one sends none.
 */
export async function receiveWithdrawal(payload: Payload, input: unknown, sender: Sender): Promise<WithdrawalOutcome> {
  const [problem] = withdrawalProblems(input)
  if (problem) return refuse(400, problem.detail, { code: problem.code, field: problem.field })
  const submitted = input as WithdrawalInput
  const locale = submitted.locale === 'de' || submitted.locale === 'en' ? submitted.locale : sender.fallbackLocale
  const declaration = toDeclaration(submitted)

  // Keyed hashes: the limits store neither the client's IP address nor the e-mail address.
  const senderKey = addressFingerprint(sender.clientAddress, payload.secret)
  const recipient = addressFingerprint(declaration.email.toLowerCase(), payload.secret)
  const { perSender, overall, windowMinutes, perRecipient, recipientWindowMinutes } = WITHDRAWAL_RATE
  const limits = [
    { key: `withdrawal-sender:${senderKey}`, max: perSender, windowMinutes },
    { key: 'withdrawal-overall', max: overall, windowMinutes },
    { key: `withdrawal-recipient:${recipient}`, max: perRecipient, windowMinutes: recipientWindowMinutes },
  ]
  const stored = await withSlots(payload, limits, async () => {
    const text = declarationText(declaration, messagesFor(locale).withdrawalForm.declaration)
    const req = await createLocalReq({ user: sender.user ?? undefined, context: { withdrawalForm: true } }, payload)
    await initTransaction(req)
    try {
      const created = await payload.create({
        collection: 'withdrawals',
        data: {
          received_at: new Date().toISOString(),
          name: declaration.name,
          email: declaration.email,
          order_number: String(declaration.orderNumber),
          order: await matchingOrder(payload, req, declaration, sender.user),
          customer: sender.user?.id,
          details: declaration.details || undefined,
          declaration: text,
          locale,
          status: 'new',
        },
        req,
        overrideAccess: false,
      })
      await commitTransaction(req)
      return created
    } catch (error) {
      await killTransaction(req)
      throw error
    }
  })
  if (!stored) return refuse(429, 'Too many declarations just now. Please try again in a few minutes.', { code: 'too_many' })
  const { received_at, declaration: declared, email, order_number } = stored.value
  return { ok: true, value: { received_at, declaration: declared, email, order_number, locale } }
}

/**
 * The order a declaration is about, when it is surely the sender's: an order of the logged-in
 * customer, or for an anonymous sender an order whose customer has the e-mail address given.
 * Otherwise none, and the seller matches it by hand. The sender is told the same either way.
 */
async function matchingOrder(payload: Payload, req: PayloadRequest, declaration: Declaration, user: TypedUser | null): Promise<number | undefined> {
  if (user) {
    const { docs } = await payload.find({
      collection: 'orders',
      where: { id: { equals: declaration.orderNumber }, customer: { equals: user.id } },
      limit: 1,
      depth: 0,
      select: {},
      req,
      user,
      overrideAccess: false,
    })
    return docs[0]?.id
  }
  // The server's own look-up (no visitor may read orders); only the match is stored, nothing is shown.
  const { docs } = await payload.find({
    collection: 'orders',
    where: { id: { equals: declaration.orderNumber } },
    limit: 1,
    depth: 1,
    select: { customer: true },
    populate: { users: { email: true } },
    req,
  })
  const customer = docs[0]?.customer
  const customerEmail = typeof customer === 'object' ? customer?.email : undefined
  return customerEmail && customerEmail.toLowerCase() === declaration.email.toLowerCase() ? docs[0]!.id : undefined
}
