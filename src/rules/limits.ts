/*
 * The limits of what customers and visitors send: text lengths, counts and file sizes. The
 * collections' fields, the forms and the server checks all read them from here.
 */
import { EMAIL_MAX_LENGTH } from './email'

const MB = 1024 * 1024

/** Lengths of what a customer writes into an order. */
export const ORDER_LIMITS = { customTheme: 200, personalNote: 2000, uploadDescription: 200, billingName: 200, billingAddress: 500 } as const

/** A customer's voice recording for an order (POST /api/orders/{id}/upload-audio/). */
export const RECORDING_LIMITS = {
  /** 20 MB: minutes of Opus or MP3; a browser's WebM recording needs far less. */
  maxBytes: 20 * MB,
  perOrder: 3,
  /** The recorder in the browser stops by itself after five minutes. */
  maxSeconds: 300,
} as const

/** The contact form's fields. */
export const CONTACT_LIMITS = { name: 200, email: EMAIL_MAX_LENGTH, message: 5000 } as const

/** The withdrawal declaration's fields (§ 356a BGB). */
export const WITHDRAWAL_LIMITS = { name: 200, email: EMAIL_MAX_LENGTH, orderNumber: 40, details: 2000 } as const

/**
 * Payment calls (POST /api/orders/{id}/pay/) of one customer: each may ask Stripe up to three
 * times, so a burst is refused (429) before it reaches Stripe. Paying, going back and paying again
 * a few times stays well inside.
 */
export const PAY_RATE = { perCustomer: 30, windowMinutes: 10 } as const

/**
 * The follow form (POST /api/followers/): confirmation mails a client address may ask for, and
 * a target address may receive asks for, per hour. A few retries pass; nobody fills a stranger's
 * inbox or probes many addresses through it.
 */
export const FOLLOW_RATE = { perClientAddress: 10, perTargetAddress: 3, windowMinutes: 60 } as const

/**
 * A purchase of recorded music (POST /api/purchases/, issue 33): at most this many lines (albums,
 * tracks, tips) in one, the billing fields as long as an order's, and at most this many unpaid
 * purchases open per customer (a burst of placed purchases nobody pays is refused with 429).
 */
export const PURCHASE_LIMITS = {
  items: 50,
  billingName: ORDER_LIMITS.billingName,
  billingAddress: ORDER_LIMITS.billingAddress,
  openUnpaid: 10,
} as const

/**
 * Redeeming download codes (/einloesen, POST /api/download-codes/redeem/): tries per client
 * address, whether the code was right or not. A fan with a handful of codes passes; guessing a
 * 16-character code at this pace is hopeless (src/rules/download-codes.ts).
 */
export const REDEEM_RATE = { perClientAddress: 10, windowMinutes: 15 } as const

/**
 * Free downloads taken by e-mail (POST /api/free-downloads/): confirmation mails a client address
 * may ask for, and an e-mail address may receive, per hour.
 */
export const FREE_DOWNLOAD_RATE = { perClientAddress: 10, perTargetAddress: 3, windowMinutes: 60 } as const
