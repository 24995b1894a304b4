import type { RichTextDocument } from '@/rich-text/lexical-json'
import type { LegalPage } from '@/site/routes'

/** The default title and text of every legal page in one language. */
export type LegalDefaults = Record<LegalPage, { title: string; content: RichTextDocument }>
