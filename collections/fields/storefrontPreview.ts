import type { GeneratePreviewURL } from 'payload'
import { idOf } from '../../src/site/relation-id'
import { previewLink } from '../../src/site/routes'

type PreviewedCollection = 'tracks' | 'music-groups' | 'news'

/**
 * The admin's "Vorschau" / "Preview" link: the storefront page that shows the document. An album
 * or a news item opens through the seller's preview (src/app/api/preview/), which shows its newest
 * draft. A track has no page of its own; it opens the first album or playlist that holds it, else
 * its first category, else the music page.
 */
export const storefrontPreview =
  (collection: PreviewedCollection): GeneratePreviewURL =>
  async (doc, { req }) => {
    const id = typeof doc.id === 'number' ? doc.id : null
    if (id === null) return null
    if (collection === 'music-groups') return previewLink(`/music-group/${id}`)
    if (collection === 'news') return previewLink(`/news/${id}`)
    const { docs: groups } = await req.payload.find({ collection: 'music-groups', where: { tracks: { equals: id } }, limit: 1, depth: 0, select: {}, req })
    if (groups[0]) return previewLink(`/music-group/${groups[0].id}`)
    const category = Array.isArray(doc.categories) ? doc.categories[0] : undefined
    const categoryId = idOf(category as number | { id: number } | undefined)
    return categoryId ? `/category/${String(categoryId)}` : '/music'
  }
