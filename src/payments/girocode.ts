import QRCode from 'qrcode'

/**
 * A SEPA credit transfer as a GiroCode: the EPC QR code (EPC069-12, version 002) that German
 * banking apps scan to fill in a transfer. Version 002 makes the BIC optional inside the EEA.
 */
export type TransferRequest = {
  accountHolder: string
  iban: string
  bic?: string | null
  amountCents: number
  /** Shown to the seller on the bank statement: the order number. */
  reference: string
}

/** The EPC limits: name 70, remittance text 140 characters, amount 0.01 to 999,999,999.99 EUR. */
const LIMITS = { name: 70, remittance: 140, minCents: 1, maxCents: 99_999_999_999 } as const

/** An IBAN without spaces, upper-case. */
export const compactIban = (iban: string): string => iban.replace(/\s+/g, '').toUpperCase()

/** An IBAN in groups of four, as printed on invoices and shown on screen. */
export const printedIban = (iban: string): string => compactIban(iban).replace(/(.{4})(?=.)/g, '$1 ')

/** ISO 13616 check: country code, two check digits, and the whole number mod 97 equals 1. */
export function isValidIban(iban: string): boolean {
  const compact = compactIban(iban)
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(compact)) return false
  const rearranged = compact.slice(4) + compact.slice(0, 4)
  const digits = rearranged.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55))
  return BigInt(digits) % 97n === 1n
}

/** 8 or 11 characters: bank, country, location and an optional branch code. */
export const isValidBic = (bic: string): boolean => /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic.trim().toUpperCase())

/** The EPC amount field: "EUR" and the amount with a dot and at most two decimals, no leading zeros. */
const epcAmount = (cents: number): string => `EUR${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`

/** The text a GiroCode carries; throws on data no bank would accept, so a broken code is never shown. */
export function epcPayload(transfer: TransferRequest): string {
  const name = transfer.accountHolder.trim()
  const iban = compactIban(transfer.iban)
  const bic = transfer.bic?.trim().toUpperCase() ?? ''
  const reference = transfer.reference.trim()
  if (!name || name.length > LIMITS.name) throw new Error('The account holder must have 1 to 70 characters.')
  if (!isValidIban(iban)) throw new Error('The IBAN is not valid.')
  if (bic && !isValidBic(bic)) throw new Error('The BIC is not valid.')
  if (!Number.isInteger(transfer.amountCents) || transfer.amountCents < LIMITS.minCents || transfer.amountCents > LIMITS.maxCents) {
    throw new Error('The amount must be between 0.01 and 999,999,999.99 EUR.')
  }
  if (!reference || reference.length > LIMITS.remittance) throw new Error('The reference must have 1 to 140 characters.')
  // Service tag, version, UTF-8, SEPA credit transfer, BIC, name, IBAN, amount, purpose code
  // (none), structured creditor reference (none), unstructured remittance text.
  return ['BCD', '002', '1', 'SCT', bic, name, iban, epcAmount(transfer.amountCents), '', '', reference].join('\n')
}

/** The GiroCode as an SVG image; error correction M, as EPC069-12 requires. */
export function girocodeSvg(transfer: TransferRequest): Promise<string> {
  return QRCode.toString(epcPayload(transfer), { type: 'svg', errorCorrectionLevel: 'M', margin: 4 })
}

/** The GiroCode as a PNG, for e-mails (mail programs show PNG reliably, SVG rarely). */
export function girocodePng(transfer: TransferRequest): Promise<Buffer> {
  return QRCode.toBuffer(epcPayload(transfer), { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale: 6 })
}
