import { commitTransaction, createLocalReq, initTransaction, killTransaction, type Payload } from 'payload'
import { LOCALES } from '@/i18n/locales'
import { LEGAL_ROUTES, type LegalPage } from '@/site/routes'
import { DEFAULT_LEGAL_TEXTS } from './default-texts'

/**
 * Creates every legal page that is missing with its default texts in all languages; pages that
 * exist are left exactly as the seller edited them. Runs on every start (scripts/prepare-database.ts),
 * in production too: a shop must never be without its legal texts. Each page is created in one
 * transaction with all its languages, so an interrupted start leaves no half-translated page.
 * Returns the pages it created.
 */
export async function ensureLegalPages(payload: Payload): Promise<LegalPage[]> {
  const existing = await payload.find({ collection: 'legal-pages', depth: 0, pagination: false, select: { page: true } })
  const present = new Set(existing.docs.map((doc) => doc.page))
  const missing = (Object.keys(LEGAL_ROUTES) as LegalPage[]).filter((page) => !present.has(page))
  for (const page of missing) {
    const req = await createLocalReq({}, payload)
    await initTransaction(req)
    try {
      const [first, ...others] = LOCALES
      const created = await payload.create({ collection: 'legal-pages', locale: first, data: { page, ...DEFAULT_LEGAL_TEXTS[first][page] }, req })
      for (const locale of others) {
        await payload.update({ collection: 'legal-pages', id: created.id, locale, data: DEFAULT_LEGAL_TEXTS[locale][page], req })
      }
      await commitTransaction(req)
    } catch (error) {
      await killTransaction(req)
      throw error
    }
  }
  return missing
}
