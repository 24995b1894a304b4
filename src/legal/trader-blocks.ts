import { block, inlineBlock } from '../rich-text/lexical-json'

/**
 * The blocks a legal text uses for the trader's data. They hold no data of their own: each is
 * filled from the settings global when the text is read (fill-trader-data.ts), so the seller
 * enters name, address and VAT status once and every legal text follows.
 */

/** Name, address, phone, e-mail (and in the "full" variant the VAT ID) as lines of a paragraph. */
export const TRADER_DETAILS_BLOCK = 'traderDetails'
/** The sentence on prices and VAT: included VAT, or the § 19 UStG small-business note. */
export const VAT_NOTICE_BLOCK = 'vatNotice'

export type TraderDetailsVariant = 'full' | 'contact'

/**
 * One of the trader's details inside a sentence ("müssen Sie uns (…) informieren"): an inline block
 * per detail, so the editor shows which one stands where.
 */
export const TRADER_VALUE_BLOCKS = {
  name: 'traderName',
  address: 'traderAddress',
  email: 'traderEmail',
  phone: 'traderPhone',
  contact: 'traderContact',
  postal: 'traderPostal',
} as const
export type TraderValue = keyof typeof TRADER_VALUE_BLOCKS

export const traderDetails = (variant: TraderDetailsVariant) => block(TRADER_DETAILS_BLOCK, { variant })

export const traderValue = (value: TraderValue) => inlineBlock(TRADER_VALUE_BLOCKS[value])

export const vatNotice = () => block(VAT_NOTICE_BLOCK)
