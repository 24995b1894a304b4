import type { Payload } from 'payload'
import { CONTACT_FORM_CONTEXT } from '@collections/access/sentThroughContactForm'
import { releaseHits, takeSlots } from '@/auth/rate-limit'
import { addressFingerprint } from '@/http/client-address'
import type { Locale } from '@/i18n/locales'

export const CONTACT_LIMITS = { name: 200, email: 254, message: 5000 } as const
/** At most `perSender` messages from one address, and `overall` from everyone, per window (counted atomically, src/auth/rate-limit.ts). */
export const CONTACT_RATE = { perSender: 5, overall: 100, windowMinutes: 10 } as const

export type ContactInput = { name: string; email: string; message: string; website?: string }

export type ContactOutcome =
  | { kind: 'stored' }
  | { kind: 'dropped' } // honeypot filled: answered like success, stored nowhere
  | { kind: 'invalid'; detail: string }
  | { kind: 'rate-limited'; detail: string }

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/

/** Checks a contact message; returns the first problem in plain words, or null. */
export function contactProblem(input: unknown): string | null {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return 'Expected a JSON object with name, email and message.'
  const { name, email, message } = input as Record<string, unknown>
  const missing = Object.entries({ name, email, message })
    .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
    .map(([field]) => field)
  if (missing.length) return `Please fill in all necessary fields: ${missing.join(', ')}.`
  for (const [field, limit] of Object.entries(CONTACT_LIMITS)) {
    const value = (input as Record<string, string>)[field]!
    if (value.length > limit) return `The ${field} is too long (at most ${limit} characters).`
  }
  if (!EMAIL.test((email as string).trim())) return 'Please enter a valid e-mail address.'
  return null
}

/** Validates, drops bots, rate-limits per sender and stores the message for the seller (who gets a copy by mail, the sender a receipt). */
export async function receiveContactMessage(payload: Payload, input: unknown, clientAddress: string, locale: Locale): Promise<ContactOutcome> {
  const problem = contactProblem(input)
  if (problem) return { kind: 'invalid', detail: problem }
  const { name, email, message, website } = input as ContactInput
  if (typeof website === 'string' && website.trim() !== '') return { kind: 'dropped' }

  const fingerprint = addressFingerprint(clientAddress, payload.secret)
  const { perSender, overall, windowMinutes } = CONTACT_RATE
  const slot = await takeSlots(payload, [
    { key: `contact-sender:${fingerprint}`, max: perSender, windowMinutes },
    { key: 'contact-overall', max: overall, windowMinutes },
  ])
  if (!slot) return { kind: 'rate-limited', detail: 'Too many messages. Please try again in a few minutes.' }

  try {
    await payload.create({
      collection: 'contact-messages',
      data: { name: name.trim(), email: email.trim(), message: message.trim(), locale, status: 'new', sender_fingerprint: fingerprint },
      overrideAccess: false,
      context: { [CONTACT_FORM_CONTEXT]: true },
    })
  } catch (error) {
    await releaseHits(payload, slot)
    throw error
  }
  return { kind: 'stored' }
}
