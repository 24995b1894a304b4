import { createHash, randomBytes } from 'node:crypto'

/** A gift link's secret: 256 random bits, URL-safe. */
export const newGiftToken = (): string => randomBytes(32).toString('base64url')

/** What the database keeps of a token: its SHA-256, so a copy of the database opens no gift page. */
export const hashGiftToken = (token: string): string => createHash('sha256').update(token).digest('hex')

/** The shape of a token this shop makes; anything else is unknown without asking the database. */
export const isGiftTokenShaped = (value: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(value)
