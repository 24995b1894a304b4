import type { Metadata } from 'next'
import { formatDate } from '@/i18n/format-date'
import { requestTranslation } from '@/i18n/request-locale'
import { legalPageHtml } from '@/legal/legal-text'
import { payloadClient } from '@/site/payload'
import type { LegalPage } from '@/site/routes'
import styles from '@/components/legal/LegalText.module.css'

const TITLE_KEY: Record<LegalPage, string> = {
  terms: 'legal.terms',
  imprint: 'legal.imprint',
  privacy: 'legal.privacy',
  paymentTerms: 'legal.paymentTerms',
  withdrawal: 'legal.withdrawal',
}

/**
 * Page and metadata of one legal page; the language comes from the route (German or /en/…,
 * src/site/routes.ts). The text is the seller's (collection legal-pages) with the trader's data
 * from the settings, rendered by Payload's escaping Lexical converter.
 */
export function legalPage(page: LegalPage) {
  async function generateMetadata(): Promise<Metadata> {
    const { t } = await requestTranslation()
    return { title: t(TITLE_KEY[page]) }
  }
  async function Page() {
    const { locale, t } = await requestTranslation()
    const { title, html, updatedAt } = await legalPageHtml(await payloadClient(), page, locale)
    return (
      <article className={`prose ${styles.legal}`}>
        <h1>{title}</h1>
        <div className={styles.text} dangerouslySetInnerHTML={{ __html: html }} />
        {updatedAt && <p className="muted">{t('legal.lastUpdated', { date: formatDate(updatedAt, locale) })}</p>}
      </article>
    )
  }
  return { generateMetadata, Page }
}
