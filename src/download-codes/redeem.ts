import { commitTransaction, createLocalReq, initTransaction, killTransaction, type Payload, type PayloadRequest, type TypedUser } from 'payload'
import { takeSlots } from '@/auth/rate-limit'
import { addressFingerprint } from '@/http/client-address'
import { grantLibraryItem } from '@/library/grant'
import { normaliseDownloadCode } from '@/rules/download-codes'
import { REDEEM_RATE } from '@/rules/limits'
import { BUSY_LOCK } from '@/rules/lock-waits'
import { BusyLockError } from '@/site/busy-lock'
import { type Outcome, refuse } from '@/site/outcome'
import { insideTransaction } from '@/site/outside-transactions'
import { isLockNotAvailable, sql, transactionDatabase } from '@/site/transaction'
import type { CatalogItem } from './catalog-item'

/*
 * Redeeming a download code (/einloesen, /en/redeem, POST /api/download-codes/redeem/): a logged-in
 * customer's code puts its album or track into their "Meine Musik", once. Every try counts against
 * the client address's limit (REDEEM_RATE), so codes cannot be guessed in bulk; a used code says
 * so and never whose. The customer may not write codes or grants: the code is the authority, and
 * the server writes both (its own Local API calls), under the code's row lock.
 */

export type RedeemProblemCode = 'invalid_code' | 'unknown_code' | 'used' | 'too_many_requests'
export type Redeemed = { item: CatalogItem; libraryItem: number }

/** A grant's key for a redeemed code: one grant per code, whoever asks. */
export const codeGrantKey = (codeId: number): string => `code:${codeId}`

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The code's row, locked in `req`'s transaction if it is free: undefined for an unknown code, 'busy' when another redemption holds it. */
async function lockCodeRow(payload: Payload, req: PayloadRequest, code: string): Promise<number | undefined | 'busy'> {
  const database = await transactionDatabase(payload, req)
  try {
    const { rows } = await database.execute(sql`select id from download_codes where code = ${code} for update nowait`)
    return (rows[0] as { id: number } | undefined)?.id
  } catch (error) {
    if (isLockNotAvailable(error)) return 'busy'
    throw error
  }
}

/**
 * Redeems `input` for `customer`. In one transaction: the code's row locked (FOR UPDATE NOWAIT; a
 * redemption of the same code in progress is waited out without a connection, for up to
 * BUSY_LOCK.giveUpAfterMs), a used code refused (409), the code marked and the grant made
 * (source "code", key `code:{id}`). Twenty redemptions at once: one grant, nineteen 409s.
 */
export async function redeemDownloadCode(
  payload: Payload,
  { customer, code: input, clientAddress }: { customer: TypedUser; code: unknown; clientAddress: string },
): Promise<Outcome<Redeemed, RedeemProblemCode>> {
  const code = normaliseDownloadCode(input)
  if (!code) return refuse(400, 'This is not a download code: it has 16 letters and digits, e.g. ABCD-EFGH-JKMN-PQRS.', { code: 'invalid_code', field: 'code' })
  const slot = await takeSlots(payload, [
    { key: `redeem-address:${addressFingerprint(clientAddress, payload.secret)}`, max: REDEEM_RATE.perClientAddress, windowMinutes: REDEEM_RATE.windowMinutes },
  ])
  if (!slot)
    return refuse(429, 'Too many codes tried just now. Please try again in a quarter of an hour.', {
      code: 'too_many_requests',
      retryAfterSeconds: REDEEM_RATE.windowMinutes * 60,
    })

  const req = await createLocalReq({}, payload)
  const giveUpAt = Date.now() + BUSY_LOCK.giveUpAfterMs
  for (let attempt = 0; ; attempt++) {
    await initTransaction(req)
    try {
      const codeId = await lockCodeRow(payload, req, code)
      if (codeId !== 'busy') {
        const outcome = await insideTransaction('the redemption of a download code', () => redeemLocked(payload, req, codeId, Number(customer.id)))
        await commitTransaction(req)
        return outcome
      }
    } catch (error) {
      await killTransaction(req)
      throw error
    }
    await killTransaction(req)
    if (Date.now() >= giveUpAt) throw new BusyLockError('A download code')
    await pause(Math.min(10 * 2 ** attempt, 100) * (0.5 + Math.random()))
  }
}

const UNKNOWN = refuse<RedeemProblemCode>(404, 'There is no such download code. Please check it letter by letter.', { code: 'unknown_code', field: 'code' })

/** The redemption itself, with the code's row locked. */
async function redeemLocked(
  payload: Payload,
  req: PayloadRequest,
  codeId: number | undefined,
  customer: number,
): Promise<Outcome<Redeemed, RedeemProblemCode>> {
  if (codeId === undefined) return UNKNOWN
  const stored = await payload.findByID({ collection: 'download-codes', id: codeId, depth: 0, req })
  if (stored.redeemed_at) return refuse(409, 'This code has already been redeemed.', { code: 'used', field: 'code' })
  const itemId = stored.kind === 'music-group' ? stored.music_group : stored.track
  // The album or track was deleted since: the code gives nothing any more.
  if (typeof itemId !== 'number') return UNKNOWN
  const item: CatalogItem = { kind: stored.kind, id: itemId }
  const granted = await grantLibraryItem(payload, req, { customer, item, formats: stored.formats ?? ['mp3'], source: 'code', key: codeGrantKey(codeId) })
  await payload.update({ collection: 'download-codes', id: codeId, data: { redeemed_at: new Date().toISOString(), redeemed_by: customer }, depth: 0, req })
  return { ok: true, value: { item, libraryItem: granted.id } }
}
