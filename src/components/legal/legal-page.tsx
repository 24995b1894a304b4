import type { Metadata } from 'next'
import { requestTranslation } from '@/i18n/request-locale'
import type { LegalPage } from '@/site/routes'

const TITLE_KEY: Record<LegalPage, string> = {
  terms: 'legal.terms',
  imprint: 'legal.imprint',
  privacy: 'legal.privacy',
  paymentTerms: 'legal.paymentTerms',
  withdrawal: 'legal.withdrawal',
}

/** Page and metadata of one legal page; the language comes from the route (German or /en/…). */
export function legalPage(page: LegalPage) {
  async function generateMetadata(): Promise<Metadata> {
    const { t } = await requestTranslation()
    return { title: t(TITLE_KEY[page]) }
  }
  async function Page() {
    const { t } = await requestTranslation()
    return (
      <article className="prose">
        <h1>{t(TITLE_KEY[page])}</h1>
        <p className="muted">{t('legal.placeholder')}</p>
      </article>
    )
  }
  return { generateMetadata, Page }
}
