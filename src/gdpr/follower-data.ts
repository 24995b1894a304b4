import type { Follower } from '../../payload-types'

/** What is stored about a follower, for the follower (the unsubscribe page, with the token) and the GDPR export. */
export const followerData = (follower: Follower) => ({
  email: follower.email,
  status: follower.status,
  language: follower.locale,
  source: follower.source,
  consent_text: follower.consent_text,
  consent_version: follower.consent_version,
  requested_at: follower.requested_at,
  confirmation_sent_at: follower.confirmation_sent_at ?? null,
  confirmed_at: follower.confirmed_at ?? null,
  unsubscribed_at: follower.unsubscribed_at ?? null,
  // A permanent bounce of a mail to the address (it gets no more mails), and the mail server's answer.
  bounced_at: follower.bounced_at ?? null,
  bounce_reason: follower.bounce_reason ?? null,
})
