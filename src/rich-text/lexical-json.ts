import type {
  DefaultTypedEditorState,
  SerializedBlockNode,
  SerializedHeadingNode,
  SerializedInlineBlockNode,
  SerializedLineBreakNode,
  SerializedLinkNode,
  SerializedListItemNode,
  SerializedListNode,
  SerializedParagraphNode,
  SerializedTextNode,
  SerializedUploadNode,
} from '@payloadcms/richtext-lexical'
import type { JsonObject } from 'payload'

/**
 * Lexical documents written by hand (demo content, default legal texts), in the shape the editor
 * itself saves (see exportJSON() of the nodes in lexical, @lexical/rich-text, @lexical/list and
 * Payload's LinkNode, ServerBlockNode and ServerInlineBlockNode).
 */

/** Lexical's text format bit flags. */
const BOLD = 1
const ITALIC = 2

export type InlineNode = SerializedTextNode | SerializedLinkNode<SerializedTextNode> | SerializedLineBreakNode | SerializedInlineBlockNode
type Inline = string | InlineNode
type Block =
  | SerializedParagraphNode<InlineNode>
  | SerializedHeadingNode<SerializedTextNode>
  | SerializedListNode<SerializedListItemNode<InlineNode>>
  | SerializedBlockNode
  | SerializedUploadNode

/** A rich-text value as built here: Payload's default nodes plus its (inline) blocks. */
export type RichTextDocument = DefaultTypedEditorState<SerializedBlockNode | SerializedInlineBlockNode>

const element = { direction: 'ltr', format: '', indent: 0, version: 1 } as const

export const text = (value: string, format = 0): SerializedTextNode => ({
  type: 'text',
  text: value,
  format,
  detail: 0,
  mode: 'normal',
  style: '',
  version: 1,
})

export const bold = (value: string) => text(value, BOLD)

export const italic = (value: string) => text(value, ITALIC)

/** A line break inside a paragraph (Shift+Enter in the editor). */
export const lineBreak = (): SerializedLineBreakNode => ({ type: 'linebreak', version: 1 })

const inline = (children: Inline[]): InlineNode[] => children.map((child) => (typeof child === 'string' ? text(child) : child))

/** A link to a page of the shop ("/music"), another website (opens in a new tab), an e-mail address or a phone number. */
export const link = (url: string, label: string): SerializedLinkNode<SerializedTextNode> => ({
  ...element,
  type: 'link',
  version: 3,
  fields: { linkType: 'custom', url, newTab: /^https?:/i.test(url) },
  children: [text(label)],
})

export const paragraph = (...children: Inline[]): SerializedParagraphNode<InlineNode> => ({
  ...element,
  type: 'paragraph',
  textFormat: 0,
  textStyle: '',
  children: inline(children),
})

export const heading = (tag: SerializedHeadingNode['tag'], value: string): SerializedHeadingNode<SerializedTextNode> => ({
  ...element,
  type: 'heading',
  tag,
  children: [text(value)],
})

const list =
  (listType: 'bullet' | 'number') =>
  (...items: Inline[][]): SerializedListNode<SerializedListItemNode<InlineNode>> => ({
    ...element,
    type: 'list',
    listType,
    start: 1,
    tag: listType === 'bullet' ? 'ul' : 'ol',
    children: items.map((children, index): SerializedListItemNode<InlineNode> => ({
      ...element,
      type: 'listitem',
      value: index + 1,
      checked: undefined,
      children: inline(children),
    })),
  })

export const bulletList = list('bullet')

export const numberedList = list('number')

let blockCounter = 0
/** Block ids only need to be unique within one document; Payload's own are 24 hex digits. */
const blockId = () => (++blockCounter).toString(16).padStart(24, '0')

/** A block of Payload's BlocksFeature ("blockType" is the block's slug). */
export const block = (blockType: string, fields: JsonObject = {}): SerializedBlockNode => ({
  type: 'block',
  version: 2,
  format: '',
  fields: { id: blockId(), blockName: '', blockType, ...fields },
})

/** An inline block of Payload's BlocksFeature, placed inside a paragraph. */
export const inlineBlock = (blockType: string, fields: JsonObject = {}): SerializedInlineBlockNode => ({
  type: 'inlineBlock',
  version: 1,
  fields: { id: blockId(), blockType, ...fields },
})

/** An image from the media collection placed in the text (Payload's UploadFeature). */
export const image = (mediaId: number): SerializedUploadNode => ({
  type: 'upload',
  version: 3,
  format: '',
  id: blockId(),
  fields: {},
  relationTo: 'media',
  value: mediaId,
})

export const richText = (...blocks: Block[]): RichTextDocument => ({
  root: { ...element, type: 'root', children: blocks },
})
