import type { Metadata } from 'next'
import { OfflineNotice } from '@/components/offline/OfflineNotice'
import { requestTranslation } from '@/i18n/request-locale'

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await requestTranslation()
  return { title: t('offline.title'), robots: { index: false } }
}

/** The English offline page (the route fixes the language, src/proxy.ts); see ../../offline/page.tsx. */
export default async function EnglishOfflinePage() {
  const { locale } = await requestTranslation()
  return <OfflineNotice locale={locale} />
}
