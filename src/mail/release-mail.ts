import type { Payload } from 'payload'
import type { Follower, Media } from '../../payload-types'
import { LOCALES, type Locale } from '@/i18n/locales'
import type { ReleaseCollection } from '@/rules/followers'
import type { RenderedMail } from '@/mail/template'
import { composeFollowerMail } from './follower-mail'
import { type MailBlock, shopLink } from './layout'

/*
 * The mail to followers about a release (an album, single or playlist, a track, a news item): its
 * cover as an image from the shop's own /media route (no other remote image, no tracking pixel,
 * links as they are, not rewritten), its title, a short text, a link to its page, and the
 * follower's unsubscribe link with the list headers (composeFollowerMail).
 */

export type ReleaseRef = { collection: ReleaseCollection; id: number }

/** What a release mail shows, in both languages, read once per batch. */
export type ReleaseContent = ReleaseRef & {
  published: boolean
  kind: 'album' | 'single' | 'playlist' | 'track' | 'news'
  title: Record<Locale, string>
  text: Record<Locale, string>
  cover: { url: string; alt: Record<Locale, string> } | null
  path: string
}

const SHORT_TEXT_CHARS = 400

const shorten = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length <= SHORT_TEXT_CHARS ? flat : `${flat.slice(0, SHORT_TEXT_CHARS - 1).replace(/\s+\S*$/, '')} …`
}

/** The plain text of a Lexical document (a news item's text), enough for a short excerpt. */
function plainText(node: unknown): string {
  if (!node || typeof node !== 'object') return ''
  const { text, children, root } = node as { text?: unknown; children?: unknown; root?: unknown }
  if (root) return plainText(root)
  if (typeof text === 'string') return text
  return Array.isArray(children) ? children.map(plainText).join(' ') : ''
}

const imageOf = (value: unknown): Media | null => (value && typeof value === 'object' && 'url' in value ? (value as Media) : null)

/**
 * The release as the mail shows it. `draft`: the seller's newest draft (the admin's preview
 * before publishing); otherwise the published document, which is what followers get. Null when
 * there is no such document.
 */
export async function loadReleaseContent(payload: Payload, { collection, id }: ReleaseRef, { draft = false } = {}): Promise<ReleaseContent | null> {
  const read = (locale: Locale) =>
    payload.findByID({ collection, id, locale, depth: 1, draft, disableErrors: true, overrideAccess: true, fallbackLocale: 'de' }) as Promise<Record<
      string,
      unknown
    > | null>
  const [de, en] = await Promise.all(LOCALES.map(read))
  if (!de || !en) return null
  const byLocale = { de, en } as Record<Locale, Record<string, unknown>>
  const image = imageOf(de.cover ?? de.image)
  const imageAlt = imageOf(en.cover ?? en.image)
  const coverUrl = image?.sizes?.card?.url ?? image?.url
  let path = '/music'
  if (collection === 'music-groups') path = `/music-group/${id}`
  else if (collection === 'news') path = `/news/${id}`
  else {
    const { docs } = await payload.find({
      collection: 'music-groups',
      where: { tracks: { equals: id } },
      limit: 1,
      depth: 0,
      select: {},
      overrideAccess: false,
    })
    if (docs[0]) path = `/music-group/${docs[0].id}`
  }
  const text = (locale: Locale) => {
    const doc = byLocale[locale]
    return shorten(typeof doc.description === 'string' ? doc.description : plainText(doc.content))
  }
  return {
    collection,
    id,
    published: de._status === 'published',
    kind: collection === 'news' ? 'news' : collection === 'tracks' ? 'track' : ((de.form as 'album' | 'single' | 'playlist' | undefined) ?? 'album'),
    title: { de: String(de.title ?? ''), en: String(en.title ?? '') },
    text: { de: text('de'), en: text('en') },
    cover: coverUrl && image ? { url: shopLink(coverUrl), alt: { de: image.alt ?? '', en: imageAlt?.alt ?? image.alt ?? '' } } : null,
    path,
  }
}

const TEXTS: Record<Locale, { subject: Record<ReleaseContent['kind'], string>; button: Record<ReleaseContent['kind'], string>; test: string }> = {
  de: {
    subject: {
      album: 'Neues Album von Lina Sommer: „%s“',
      single: 'Neue Single von Lina Sommer: „%s“',
      playlist: 'Neue Playlist von Lina Sommer: „%s“',
      track: 'Neue Musik von Lina Sommer: „%s“',
      news: 'Neuigkeiten von Lina Sommer: %s',
    },
    button: { album: 'Album anhören', single: 'Single anhören', playlist: 'Playlist anhören', track: 'Jetzt anhören', news: 'Weiterlesen' },
    test: '[Test] ',
  },
  en: {
    subject: {
      album: 'New album by Lina Sommer: “%s”',
      single: 'New single by Lina Sommer: “%s”',
      playlist: 'New playlist by Lina Sommer: “%s”',
      track: 'New music by Lina Sommer: “%s”',
      news: 'News from Lina Sommer: %s',
    },
    button: { album: 'Listen to the album', single: 'Listen to the single', playlist: 'Listen to the playlist', track: 'Listen now', news: 'Read more' },
    test: '[Test] ',
  },
}

/** Subject, heading and blocks of the release mail in one language (without the unsubscribe part, which composeFollowerMail adds). */
export function releaseMailParts(release: ReleaseContent, locale: Locale, { test = false } = {}): { subject: string; heading: string; blocks: MailBlock[] } {
  const texts = TEXTS[locale]
  const title = release.title[locale] || release.title.de
  const blocks: MailBlock[] = []
  if (release.cover) blocks.push({ image: { src: release.cover.url, alt: release.cover.alt[locale] || title, width: 480 } })
  if (release.text[locale]) blocks.push({ paragraph: release.text[locale] })
  blocks.push({ button: { label: texts.button[release.kind], url: shopLink(release.path) } })
  return { subject: `${test ? texts.test : ''}${texts.subject[release.kind].replace('%s', title)}`, heading: title, blocks }
}

/** The release mail to one follower, in their language. */
export function composeReleaseMail(payload: Payload, follower: Follower, release: ReleaseContent, { test = false } = {}): RenderedMail {
  return composeFollowerMail(payload, follower, releaseMailParts(release, follower.locale, { test }))
}
