import type { Setting } from '../../payload-types'
import type { Translate } from '@/i18n/translator'
import { type InlineNode, lineBreak, link, paragraph, text } from '@/rich-text/lexical-json'
import { TRADER_DETAILS_BLOCK, TRADER_VALUE_BLOCKS, type TraderDetailsVariant, type TraderValue, VAT_NOTICE_BLOCK } from './trader-blocks'

const TRADER_VALUE_OF_BLOCK = new Map(Object.entries(TRADER_VALUE_BLOCKS).map(([value, slug]) => [slug as string, value as TraderValue]))

/** A Lexical node as stored: its type, maybe children, maybe a block's fields. */
type LexicalNode = { type: string; children?: LexicalNode[]; fields?: Record<string, unknown> } & Record<string, unknown>

export type TraderData = Pick<Setting, 'trader_name' | 'address' | 'email' | 'phone' | 'vat_id' | 'vat_mode'>

const addressLines = (address: string | null | undefined) =>
  (address ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)

/** "+49 761 2968 4710" → "tel:+4976129684710". */
const phoneLink = (phone: string) => link(`tel:${phone.replace(/[^\d+]/g, '')}`, phone)
const emailLink = (email: string) => link(`mailto:${email}`, email)

/**
 * Replaces the trader blocks of a legal text (trader-blocks.ts) with plain paragraphs, text and
 * links made from the settings, in the text's language. The result holds only Lexical's own
 * nodes, so Payload's converters render it like any other text and escape every value.
 */
export function fillTraderData<T extends object>(content: T, trader: TraderData, t: Translate): T {
  const parts = (value: TraderValue): InlineNode[] => {
    const name = trader.trader_name ? [text(trader.trader_name)] : []
    const oneLine = addressLines(trader.address).join(', ')
    const address = oneLine ? [text(oneLine)] : []
    const email = trader.email ? [text(`${t('legal.email')}: `), emailLink(trader.email)] : []
    const phone = trader.phone ? [text(`${t('legal.phone')}: `), phoneLink(trader.phone)] : []
    const joined = (...pieces: InlineNode[][]) =>
      pieces.filter((piece) => piece.length > 0).flatMap((piece, index) => (index === 0 ? piece : [text(', '), ...piece]))
    switch (value) {
      case 'name':
        return name
      case 'address':
        return address
      case 'email':
        return trader.email ? [emailLink(trader.email)] : []
      case 'phone':
        return trader.phone ? [phoneLink(trader.phone)] : []
      case 'contact':
        return joined(name, address, phone, email)
      case 'postal':
        return joined(name, address, email)
    }
  }

  const details = (variant: TraderDetailsVariant): LexicalNode => {
    if (!trader.trader_name || addressLines(trader.address).length === 0) return paragraph(text(t('legal.traderMissing'))) as LexicalNode
    const lines: InlineNode[][] = [[text(trader.trader_name)], ...addressLines(trader.address).map((line) => [text(line)])]
    if (trader.phone) lines.push([text(`${t('legal.phone')}: `), phoneLink(trader.phone)])
    if (trader.email) lines.push([text(`${t('legal.email')}: `), emailLink(trader.email)])
    // The tax number stays unpublished: § 5 DDG asks for the VAT ID only, and a public tax number invites misuse.
    if (variant === 'full' && trader.vat_id) lines.push([text(`${t('legal.vatId')}: ${trader.vat_id}`)])
    return paragraph(...lines.flatMap((line, index) => (index === 0 ? line : [lineBreak(), ...line]))) as LexicalNode
  }

  const vatSentence = () => paragraph(text(t(trader.vat_mode === 'small_business' ? 'legal.pricesSmallBusiness' : 'legal.pricesIncludeVat'))) as LexicalNode

  const fill = (node: LexicalNode): LexicalNode[] => {
    const blockType = node.fields?.blockType
    if (node.type === 'block' && blockType === TRADER_DETAILS_BLOCK) return [details(node.fields?.variant === 'contact' ? 'contact' : 'full')]
    if (node.type === 'block' && blockType === VAT_NOTICE_BLOCK) return [vatSentence()]
    const value = node.type === 'inlineBlock' ? TRADER_VALUE_OF_BLOCK.get(String(blockType)) : undefined
    if (value) return parts(value) as LexicalNode[]
    return node.children ? [{ ...node, children: node.children.flatMap(fill) }] : [node]
  }

  const root = (content as { root?: LexicalNode }).root
  return root ? ({ ...content, root: fill(root)[0] } as T) : content
}
