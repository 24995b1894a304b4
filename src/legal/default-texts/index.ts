import type { Locale } from '@/i18n/locales'
import { de } from './de'
import { en } from './en'
import type { LegalDefaults } from './types'

/** The legal texts a new shop starts with, per language (see ensure-legal-pages.ts). */
export const DEFAULT_LEGAL_TEXTS: Record<Locale, LegalDefaults> = { de, en }
