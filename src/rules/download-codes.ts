/*
 * Download codes (issue 33): what a code looks like and how many the seller makes at once. The
 * collection's fields, the generator, the redeem form's field, the server check and the tests
 * read them here. Free of server imports (the redeem form uses the pattern too).
 */

/**
 * The characters of a code: capital letters and digits without the ones read for each other
 * (0/O, 1/I/L): 31 of them, almost 5 bits each.
 */
export const DOWNLOAD_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'

/**
 * 16 characters (79 random bits): guessing one of a thousand codes at the redeem limit's pace
 * (REDEEM_RATE) would take longer than the universe is old; shown in groups of 4 (ABCD-EFGH-…).
 */
export const DOWNLOAD_CODE_LENGTH = 16
export const DOWNLOAD_CODE_GROUP = 4

/** Codes the seller makes in one go, and the batch name's length. */
export const DOWNLOAD_CODE_BATCH = { minCount: 1, maxCount: 1000, nameMaxLength: 100 } as const

/** A code as stored: 16 characters of the alphabet, no separators. */
export const DOWNLOAD_CODE_PATTERN = new RegExp(`^[${DOWNLOAD_CODE_ALPHABET}]{${DOWNLOAD_CODE_LENGTH}}$`)

/** A code as typed: any case, with spaces or dashes between the groups; at most this long. */
export const DOWNLOAD_CODE_INPUT_MAX_LENGTH = 40

/** The stored form of a typed code (upper case, separators dropped), or null when it cannot be one. */
export function normaliseDownloadCode(input: unknown): string | null {
  if (typeof input !== 'string' || input.length > DOWNLOAD_CODE_INPUT_MAX_LENGTH) return null
  const code = input.toUpperCase().replace(/[\s-]+/g, '')
  return DOWNLOAD_CODE_PATTERN.test(code) ? code : null
}

/** A stored code as shown and printed: ABCD-EFGH-JKMN-PQRS. */
export const formatDownloadCode = (code: string): string => code.match(new RegExp(`.{1,${DOWNLOAD_CODE_GROUP}}`, 'g'))?.join('-') ?? code
