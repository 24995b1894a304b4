import type { Payload } from 'payload'
import { withSlots } from '@/auth/rate-limit'
import { addressFingerprint } from '@/http/client-address'
import type { Locale } from '@/i18n/locales'
import { isEmailAddress } from '@/rules/email'
import { CONTACT_LIMITS } from '@/rules/limits'
import { type Outcome, refuse } from '@/site/outcome'

/** At most `perSender` messages from one address, and `overall` from everyone, per window (counted atomically, src/auth/rate-limit.ts). */
export const CONTACT_RATE = { perSender: 5, overall: 100, windowMinutes: 10 } as const

export type ContactInput = { name: string; email: string; message: string; website?: string }

/** 'dropped': the honeypot was filled; answered like success, stored nowhere. */
export type ContactOutcome = Outcome<'stored' | 'dropped'>

type ContactField = keyof typeof CONTACT_LIMITS

/** What the form is told, in the language of the page it was sent from. */
const PROBLEMS: Record<
  Locale,
  {
    notAnObject: string
    missing: (fields: string) => string
    tooLong: (field: string, limit: number) => string
    invalidEmail: string
    tooMany: string
    fieldNames: Record<ContactField, string>
  }
> = {
  de: {
    notAnObject: 'Erwartet wird ein JSON-Objekt mit name, email und message.',
    missing: (fields) => `Bitte fülle alle notwendigen Felder aus: ${fields}.`,
    tooLong: (field, limit) => `${field} ist zu lang (höchstens ${limit} Zeichen).`,
    invalidEmail: 'Bitte gib eine gültige E-Mail-Adresse an.',
    tooMany: 'Zu viele Nachrichten. Bitte versuche es in ein paar Minuten noch einmal.',
    fieldNames: { name: 'Name', email: 'E-Mail', message: 'Nachricht' },
  },
  en: {
    notAnObject: 'Expected a JSON object with name, email and message.',
    missing: (fields) => `Please fill in all necessary fields: ${fields}.`,
    tooLong: (field, limit) => `The ${field} is too long (at most ${limit} characters).`,
    invalidEmail: 'Please enter a valid e-mail address.',
    tooMany: 'Too many messages. Please try again in a few minutes.',
    fieldNames: { name: 'name', email: 'email', message: 'message' },
  },
}

/** Checks a contact message; returns the first problem in plain words in `locale`, or null. */
export function contactProblem(input: unknown, locale: Locale): string | null {
  const texts = PROBLEMS[locale]
  if (!input || typeof input !== 'object' || Array.isArray(input)) return texts.notAnObject
  const { name, email, message } = input as Record<string, unknown>
  const missing = (Object.entries({ name, email, message }) as [ContactField, unknown][])
    .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
    .map(([field]) => texts.fieldNames[field])
  if (missing.length) return texts.missing(missing.join(', '))
  for (const [field, limit] of Object.entries(CONTACT_LIMITS) as [ContactField, number][]) {
    const value = (input as Record<string, string>)[field]!
    if (value.length > limit) return texts.tooLong(texts.fieldNames[field], limit)
  }
  if (!isEmailAddress((email as string).trim())) return texts.invalidEmail
  return null
}

/** Validates, drops bots, rate-limits per sender and stores the message for the seller (who gets a copy by mail, the sender a receipt). */
export async function receiveContactMessage(payload: Payload, input: unknown, clientAddress: string, locale: Locale): Promise<ContactOutcome> {
  const problem = contactProblem(input, locale)
  if (problem) return refuse(400, problem)
  const { name, email, message, website } = input as ContactInput
  if (typeof website === 'string' && website.trim() !== '') return { ok: true, value: 'dropped' }

  const fingerprint = addressFingerprint(clientAddress, payload.secret)
  const { perSender, overall, windowMinutes } = CONTACT_RATE
  const stored = await withSlots(
    payload,
    [
      { key: `contact-sender:${fingerprint}`, max: perSender, windowMinutes },
      { key: 'contact-overall', max: overall, windowMinutes },
    ],
    () =>
      payload.create({
        collection: 'contact-messages',
        data: { name: name.trim(), email: email.trim(), message: message.trim(), locale, status: 'new', sender_fingerprint: fingerprint },
        overrideAccess: false,
        context: { contactForm: true },
      }),
  )
  if (!stored) return refuse(429, PROBLEMS[locale].tooMany)
  return { ok: true, value: 'stored' }
}
