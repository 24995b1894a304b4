import { block, inlineBlock } from '../rich-text/lexical-json'

/**
 * The blocks a legal text uses for the trader's data. They hold no data of their own: each is
 * filled from the settings global when the text is read (fill-trader-data.ts), so the seller
 * enters name, address and VAT status once and every legal text follows.
 */

/** Name, address, phone, e-mail (and in the "full" variant the VAT ID) as lines of a paragraph. */
export const TRADER_DETAILS_BLOCK = 'traderDetails'
/** One of the trader's details inside a sentence ("müssen Sie uns (…) informieren"). */
export const TRADER_VALUE_BLOCK = 'traderValue'
/** The sentence on prices and VAT: included VAT, or the § 19 UStG small-business note. */
export const VAT_NOTICE_BLOCK = 'vatNotice'

export const TRADER_DETAILS_VARIANTS = ['full', 'contact'] as const
export type TraderDetailsVariant = (typeof TRADER_DETAILS_VARIANTS)[number]

export const TRADER_VALUES = ['name', 'address', 'email', 'phone', 'contact', 'postal'] as const
export type TraderValue = (typeof TRADER_VALUES)[number]

export const traderDetails = (variant: TraderDetailsVariant) => block(TRADER_DETAILS_BLOCK, { variant })

export const traderValue = (value: TraderValue) => inlineBlock(TRADER_VALUE_BLOCK, { value })

export const vatNotice = () => block(VAT_NOTICE_BLOCK)
