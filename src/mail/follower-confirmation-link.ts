import type { Payload } from 'payload'
import { publicOrigin } from '@/site/public-url'
import { newFollowConfirmationToken } from './follower-tokens'

/**
 * In the confirmation mail's job: a fresh link for a pending sign-up (its hash and 48-hour expiry
 * stored on the row, replacing an earlier link), or null when the sign-up is no longer pending.
 */
export async function issueFollowConfirmationLink(payload: Payload, followerId: unknown): Promise<{ url: string; consentText: string } | null> {
  if (typeof followerId !== 'number') return null
  const { token, tokenHash, expiresAt } = newFollowConfirmationToken()
  const row = (await payload.db.updateOne({
    collection: 'followers',
    where: { and: [{ id: { equals: followerId } }, { status: { equals: 'pending' } }] },
    data: { token_hash: tokenHash, token_expires_at: expiresAt, updatedAt: new Date().toISOString() },
    options: { atomic: true },
    returning: true,
  })) as { consent_text?: string } | null
  if (!row) return null
  return { url: `${publicOrigin()}/follow/confirm?token=${token}`, consentText: String(row.consent_text ?? '') }
}
