import type { Payload, PayloadRequest } from 'payload'
import type { Follower } from '../../payload-types'
import { queueMail } from './queue-mail'
import type { MailData } from './template'
import type { MailTemplateName } from './templates'

// Apart from follower-mail.ts, which the templates use to compose: this one queues, and the
// queue knows the templates (an import circle otherwise).

/**
 * Queues one mail of `template` to one follower, in the transaction of `req`. Refuses (false) a
 * follower who is not confirmed (only a confirmed address ever receives anything but its
 * confirmation mail) or whose address bounced permanently.
 */
export async function queueFollowerMail(
  payload: Payload,
  req: PayloadRequest | undefined,
  follower: Pick<Follower, 'id' | 'email' | 'locale' | 'status' | 'bounced_at'>,
  mail: { template: MailTemplateName; data: MailData },
): Promise<boolean> {
  if (follower.status !== 'confirmed' || follower.bounced_at) return false
  await queueMail(payload, req, { template: mail.template, to: follower.email, locale: follower.locale, data: { ...mail.data, follower: follower.id } })
  return true
}
