/*
 * The withdrawal declaration (§ 356a BGB) as the form builds it and the server stores it: the
 * checks of its fields and its wording. Plain functions without server imports, so the browser
 * shows exactly the text the server will store, and both refuse the same input.
 */
import { isEmailAddress } from '@/rules/email'
import { WITHDRAWAL_LIMITS } from '@/rules/limits'

export type WithdrawalField = 'name' | 'email' | 'order_number' | 'details'

/** Each problem has a code the form translates; `detail` is the API's English sentence. */
export type WithdrawalProblemCode =
  | 'invalid_request'
  | 'name_missing'
  | 'name_too_long'
  | 'email_missing'
  | 'email_too_long'
  | 'email_invalid'
  | 'order_number_missing'
  | 'order_number_too_long'
  | 'order_number_format'
  | 'details_too_long'
  | 'locale_invalid'

export type WithdrawalProblem = { field: WithdrawalField | null; code: WithdrawalProblemCode; detail: string }

/** What the visitor typed, as the form sends it (POST /api/withdrawals/); an API client may send the order number as a number. */
export type WithdrawalInput = { name: string; email: string; order_number: string | number; details?: string; locale?: string }

/** A checked declaration, trimmed, with the order number as the number the shop gave the order. */
export type Declaration = { name: string; email: string; orderNumber: number; details: string }

/**
 * The order number is what the customer sees as "Bestellung Nr. 42" (the order page, the bank
 * transfer's reference): the order's id. Accepted as "42", "Nr. 42", "#42" or "Bestellung 42".
 */
const ORDER_NUMBER = /^(?:(?:bestellung|order)\s*)?(?:nr\.?|no\.?|#)?\s*0*(\d{1,9})$/i

/** The order's id in a typed order number, or null when it is none. */
export function parseOrderNumber(text: string): number | null {
  const match = ORDER_NUMBER.exec(text.trim())
  const id = match ? Number(match[1]) : 0
  return id > 0 ? id : null
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null)

/** Every problem of a submitted declaration, in field order (empty when it can be stored). */
export function withdrawalProblems(input: unknown): WithdrawalProblem[] {
  if (!input || typeof input !== 'object' || Array.isArray(input)) {
    return [{ field: null, code: 'invalid_request', detail: 'Expected a JSON object with name, email and order_number.' }]
  }
  const fields = input as Record<string, unknown>
  const problems: WithdrawalProblem[] = []
  const problem = (field: WithdrawalField | null, code: WithdrawalProblemCode, detail: string) => problems.push({ field, code, detail })

  const name = text(fields.name)?.trim() ?? ''
  if (!name) problem('name', 'name_missing', 'Please enter your name.')
  else if (name.length > WITHDRAWAL_LIMITS.name) problem('name', 'name_too_long', `The name is too long (at most ${WITHDRAWAL_LIMITS.name} characters).`)

  const email = text(fields.email)?.trim() ?? ''
  if (!email) problem('email', 'email_missing', 'Please enter your e-mail address.')
  else if (email.length > WITHDRAWAL_LIMITS.email)
    problem('email', 'email_too_long', `The e-mail address is too long (at most ${WITHDRAWAL_LIMITS.email} characters).`)
  else if (!isEmailAddress(email)) problem('email', 'email_invalid', 'Please enter a valid e-mail address.')

  const orderNumber = (typeof fields.order_number === 'number' ? String(fields.order_number) : text(fields.order_number))?.trim() ?? ''
  if (!orderNumber) problem('order_number', 'order_number_missing', 'Please enter the order number.')
  else if (orderNumber.length > WITHDRAWAL_LIMITS.orderNumber)
    problem('order_number', 'order_number_too_long', `The order number is too long (at most ${WITHDRAWAL_LIMITS.orderNumber} characters).`)
  else if (parseOrderNumber(orderNumber) === null)
    problem('order_number', 'order_number_format', 'The order number is a whole number, as in "Bestellung Nr. 42".')

  if (fields.details !== undefined && fields.details !== null && text(fields.details) === null) {
    problem('details', 'invalid_request', 'The details must be text.')
  } else if ((text(fields.details) ?? '').trim().length > WITHDRAWAL_LIMITS.details) {
    problem('details', 'details_too_long', `The details are too long (at most ${WITHDRAWAL_LIMITS.details} characters).`)
  }

  if (fields.locale !== undefined && fields.locale !== 'de' && fields.locale !== 'en') problem(null, 'locale_invalid', 'The locale is "de" or "en".')
  return problems
}

/** The declaration in its stored form; call only for input without problems. */
export function toDeclaration(input: WithdrawalInput): Declaration {
  return {
    name: input.name.trim(),
    email: input.email.trim(),
    orderNumber: parseOrderNumber(String(input.order_number))!,
    details: input.details?.trim() ?? '',
  }
}

/** The wording of one language (messages `withdrawalForm.declaration`); {{number}} is the order number. */
export type DeclarationWording = { statement: string; name: string; email: string; orderNumber: string; details: string }

/**
 * The complete declaration as the visitor confirms it, is stored and is mailed back:
 * "Hiermit widerrufe ich den von mir abgeschlossenen Vertrag (Bestellung Nr. 42)." and the details.
 */
export function declarationText(declaration: Declaration, wording: DeclarationWording): string {
  const lines = [
    wording.statement.replace('{{number}}', String(declaration.orderNumber)),
    '',
    `${wording.name}: ${declaration.name}`,
    `${wording.email}: ${declaration.email}`,
    `${wording.orderNumber}: ${declaration.orderNumber}`,
  ]
  if (declaration.details) lines.push(`${wording.details}: ${declaration.details}`)
  return lines.join('\n')
}
