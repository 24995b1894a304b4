import type { SerializedLinkNode, SerializedListItemNode, SerializedListNode } from '@payloadcms/richtext-lexical'
import { convertLexicalToPlaintext, type PlaintextConverters } from '@payloadcms/richtext-lexical/plaintext'
import type { Payload } from 'payload'
import { richTextToHtml } from '@/catalog/rich-text'
import type { Locale } from '@/i18n/locales'
import { translatorFor } from '@/i18n/translator'
import type { LegalPage } from '@/site/routes'
import { publicOrigin } from '@/site/public-url'
import { DEFAULT_LEGAL_TEXTS } from './default-texts'
import { fillTraderData } from './fill-trader-data'

/** A legal page ready to show or send: title, its text as HTML and as plain text, when it was last edited. */
export type LegalText = { title: string; html: string; text: string; updatedAt: string | null }

type LexicalNode = { type: string; children?: LexicalNode[]; fields?: Record<string, unknown> }

/**
 * The legal page as a visitor reads it, in one language, with the trader's data from the settings
 * filled in. A page the seller deleted shows its default text until the next start creates it
 * again (ensure-legal-pages.ts); updatedAt is then null.
 */
async function readLegalPage(payload: Payload, page: LegalPage, locale: Locale) {
  const [found, settings, t] = await Promise.all([
    payload.find({ collection: 'legal-pages', where: { page: { equals: page } }, locale, depth: 0, limit: 1, pagination: false, overrideAccess: false }),
    payload.findGlobal({ slug: 'settings', depth: 0, overrideAccess: false }),
    translatorFor(locale),
  ])
  const stored = found.docs[0]
  const { title, content } = stored ?? DEFAULT_LEGAL_TEXTS[locale][page]
  return { title, content: fillTraderData(content, settings, t), updatedAt: stored?.updatedAt ?? null }
}

/** The legal page for the storefront: HTML from Payload's escaping converter, the shop's own links relative. */
export async function legalPageHtml(payload: Payload, page: LegalPage, locale: Locale) {
  const { title, content, updatedAt } = await readLegalPage(payload, page, locale)
  return { title, html: richTextToHtml(content), updatedAt }
}

/** Links to the shop's own pages ("/widerruf") made absolute, for a text read outside the shop (an e-mail). */
function withAbsoluteLinks<T extends object>(content: T, origin: string): T {
  const absolute = (node: LexicalNode): LexicalNode => {
    const url = node.type === 'link' ? node.fields?.url : undefined
    const fields = typeof url === 'string' && url.startsWith('/') ? { ...node.fields, url: origin + url } : node.fields
    return { ...node, ...(fields && { fields }), ...(node.children && { children: node.children.map(absolute) }) }
  }
  const root = (content as { root?: LexicalNode }).root
  return root ? ({ ...content, root: absolute(root) } as T) : content
}

/** Plain text for e-mails: list items on lines of their own with a dash or number, links with their address. */
const PLAINTEXT: PlaintextConverters = {
  listitem: ({ node, nodesToPlaintext, parent, childIndex }) => {
    const item = node as SerializedListItemNode
    const marker = (parent as unknown as SerializedListNode).listType === 'number' ? `${item.value}. ` : '– '
    return `${childIndex > 0 ? '\n' : ''}${marker}${nodesToPlaintext({ nodes: item.children }).join('')}`
  },
  link: ({ node, nodesToPlaintext }) => {
    const linkNode = node as SerializedLinkNode
    const label = nodesToPlaintext({ nodes: linkNode.children }).join('')
    const url = linkNode.fields.url ?? ''
    // An e-mail address or phone number is its own label; a page's address follows its name.
    return !url || /^(mailto|tel):/.test(url) || url === label ? label : `${label} (${url})`
  },
}

/**
 * A legal text for the order confirmation e-mail (§ 312f BGB: terms, withdrawal instructions and
 * model form on a durable medium): the same text as the page, with the trader's data filled in,
 * as HTML (Payload's escaping converter) and as plain text, with absolute links (PUBLIC_URL).
 */
export async function legalTextFor(payload: Payload, page: LegalPage, locale: Locale): Promise<LegalText> {
  const { title, content, updatedAt } = await readLegalPage(payload, page, locale)
  const forMail = withAbsoluteLinks(content, publicOrigin())
  return {
    title,
    html: richTextToHtml(forMail),
    text: convertLexicalToPlaintext({ data: forMail as Parameters<typeof convertLexicalToPlaintext>[0]['data'], converters: PLAINTEXT }),
    updatedAt,
  }
}
