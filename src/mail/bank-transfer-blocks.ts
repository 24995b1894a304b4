import type { Locale } from '@/i18n/locales'
import { formatPrice } from '@/i18n/format-price'
import { messagesFor } from '@/i18n/translator'
import type { BankTransfer } from '@/payments/bank-transfer'
import { girocodePng } from '@/payments/girocode'
import { toEuros } from '@/rules/pricing'
import type { MailBlock } from './layout'
import type { MailAttachment } from './template'

/**
 * The bank details of a prepayment as a confirmation mail shows them (an order's or a purchase's):
 * a heading, a sentence, the facts with the amount and the reference, and the GiroCode as an
 * inline picture (its attachment is returned beside the blocks).
 */
export async function bankTransferBlocks(
  transfer: BankTransfer,
  locale: Locale,
  texts: { bankTitle: string; bankIntro: string },
): Promise<{ attachment: MailAttachment; blocks: MailBlock[] }> {
  const labels = messagesFor(locale).orderPage
  return {
    attachment: { filename: 'girocode.png', content: await girocodePng(transfer), contentType: 'image/png', cid: 'girocode' },
    blocks: [
      { heading: texts.bankTitle },
      { paragraph: texts.bankIntro },
      {
        facts: [
          [labels.accountHolder, transfer.accountHolder],
          [labels.iban, transfer.printedIban],
          ...(transfer.bic ? [[labels.bic, transfer.bic] as [string, string]] : []),
          ...(transfer.bankName ? [[labels.bank, transfer.bankName] as [string, string]] : []),
          [labels.amount, formatPrice(toEuros(transfer.amountCents), locale)],
          [labels.reference, transfer.reference],
        ],
      },
      { image: { src: 'cid:girocode', alt: `GiroCode: ${transfer.reference}`, width: 200 } },
    ],
  }
}
