import type { Metadata } from 'next'
import { OfflineNotice } from '@/components/offline/OfflineNotice'
import { requestTranslation } from '@/i18n/request-locale'

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await requestTranslation()
  return { title: t('offline.title'), robots: { index: false } }
}

/**
 * The offline page (German; /en/offline in English), kept by the service worker at install and
 * shown for pages that cannot be loaded offline (src/sw.ts). The worker fetches it without
 * cookies, so it is the same for everybody.
 */
export default async function OfflinePage() {
  const { locale } = await requestTranslation()
  return <OfflineNotice locale={locale} />
}
