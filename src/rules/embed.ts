import type { Locale } from '@/i18n/locales'

/** What an embed shows: one track, or an album (single, playlist) with its track list. */
export const EMBED_KINDS = ['track', 'album'] as const
export type EmbedKind = (typeof EMBED_KINDS)[number]

export const isEmbedKind = (value: unknown): value is EmbedKind => EMBED_KINDS.includes(value as EmbedKind)

/**
 * The <iframe> sizes the album page offers and oEmbed answers with (px): the player alone, and the
 * player with the album's track list below it. The frame's width is a maximum (the code sets
 * width 100%); the embed page lays itself out for any width down to 280 px.
 */
export const EMBED_SIZES = {
  compact: { width: 480, height: 176 },
  withTracks: { width: 480, height: 420 },
} as const satisfies Record<string, { width: number; height: number }>

export type EmbedSize = keyof typeof EMBED_SIZES

/** The embed pages' paths: German at /embed/…, English at /en/embed/… (like the legal pages' /en/ routes). */
export const embedPath = (kind: EmbedKind, id: number, locale: Locale): string => `${locale === 'en' ? '/en' : ''}/embed/${kind}/${id}`

/** Whether a path is an embed page: the only pages any site may frame (src/proxy.ts, next.config.mjs). */
export const isEmbedPath = (pathname: string): boolean => /^(\/en)?\/embed\//.test(pathname)

/** The album page, where the embed's "listen / buy" link leads. */
export const albumPath = (id: number): string => `/music-group/${id}`

/** The embed page's JavaScript, all of it, gzip-compressed (issue 34): checked by tests/integration/listening-elsewhere.test.ts. */
export const EMBED_JS_BUDGET_KB = 40
