import type {
  DefaultTypedEditorState,
  SerializedHeadingNode,
  SerializedLinkNode,
  SerializedListItemNode,
  SerializedListNode,
  SerializedParagraphNode,
  SerializedTextNode,
} from '@payloadcms/richtext-lexical'

/**
 * Lexical documents written by hand, in the shape the editor itself saves (see
 * exportJSON() of the nodes in lexical, @lexical/rich-text, @lexical/list and Payload's LinkNode).
 */

/** Lexical's text format bit flag for bold. */
const BOLD = 1

type InlineNode = SerializedTextNode | SerializedLinkNode<SerializedTextNode>
type Inline = string | InlineNode
type Block = SerializedParagraphNode<InlineNode> | SerializedHeadingNode<SerializedTextNode> | SerializedListNode<SerializedListItemNode<InlineNode>>

const element = { direction: 'ltr', format: '', indent: 0, version: 1 } as const

const text = (value: string, format = 0): SerializedTextNode => ({
  type: 'text',
  text: value,
  format,
  detail: 0,
  mode: 'normal',
  style: '',
  version: 1,
})

export const bold = (value: string) => text(value, BOLD)

const inline = (children: Inline[]): InlineNode[] => children.map((child) => (typeof child === 'string' ? text(child) : child))

/** A link to a page of the shop ("/music") or elsewhere. */
export const link = (url: string, label: string): SerializedLinkNode<SerializedTextNode> => ({
  ...element,
  type: 'link',
  version: 3,
  fields: { linkType: 'custom', url, newTab: !url.startsWith('/') },
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

export const bulletList = (...items: Inline[][]): SerializedListNode<SerializedListItemNode<InlineNode>> => ({
  ...element,
  type: 'list',
  listType: 'bullet',
  start: 1,
  tag: 'ul',
  children: items.map(
    (children, index): SerializedListItemNode<InlineNode> => ({
      ...element,
      type: 'listitem',
      value: index + 1,
      checked: undefined,
      children: inline(children),
    }),
  ),
})

export const richText = (...blocks: Block[]): DefaultTypedEditorState => ({
  root: { ...element, type: 'root', children: blocks },
})
