/*
 * Tips (issue 33): after a delivered commission or a name-your-price purchase the buyer may add
 * one, paid and invoiced like any sale. The amounts offered as buttons and the limits, in one home
 * for the form and the server's check. Free of server imports.
 */
import { SALE_PRICE_LIMITS } from './catalog-sale'

/** The amounts offered as buttons, euros. */
export const TIP_SUGGESTIONS_EUR = [3, 5, 10] as const

/** A tip is at least € 1 and at most the catalog's sane maximum, in whole cents. */
export const TIP_LIMITS = { minCents: 100, maxCents: SALE_PRICE_LIMITS.maxCents } as const
