import type { DefaultTypedEditorState, SerializedLinkNode } from '@payloadcms/richtext-lexical'
import { convertLexicalToHTML, LinkHTMLConverter } from '@payloadcms/richtext-lexical/html'
import { idOf } from '@/site/relation-id'

/** Where the storefront shows a document an editor linked to internally (spec section 2). */
const STOREFRONT_PATHS: Record<string, string> = {
  news: '/news',
  categories: '/category',
  'music-groups': '/music-group',
}

const internalDocToHref = ({ linkNode }: { linkNode: SerializedLinkNode }): string => {
  const doc = linkNode.fields.doc
  const id = doc && idOf(doc.value)
  const base = doc && STOREFRONT_PATHS[doc.relationTo]
  return base && id ? `${base}/${encodeURIComponent(String(id))}` : '#'
}

/**
 * HTML for a Lexical rich-text value, rendered on the server. Payload's converters escape all
 * text and attribute values and sanitize link URLs, so what an editor typed (even "<script>")
 * appears as text; node types without a converter (custom blocks) are left out.
 */
export function richTextToHtml(content: object | null | undefined): string {
  if (!content) return ''
  return convertLexicalToHTML({
    data: content as DefaultTypedEditorState,
    converters: ({ defaultConverters }) => ({
      ...defaultConverters,
      ...LinkHTMLConverter({ internalDocToHref }),
      unknown: () => '',
    }),
    disableContainer: true,
  })
}
