import type { Metadata } from 'next'
import Link from 'next/link'
import { requestTranslation } from '@/i18n/request-locale'

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await requestTranslation()
  return { title: t('accountDeletion.doneTitle'), robots: { index: false } }
}

/** Where the storefront goes after "Konto löschen" succeeded; needs no login (the session is gone). */
export default async function AccountDeletedPage() {
  const { t } = await requestTranslation()
  return (
    <>
      <h1>{t('accountDeletion.doneTitle')}</h1>
      <p role="status">{t('accountDeletion.done')}</p>
      <p>
        <Link href="/">{t('accountDeletion.home')}</Link>
      </p>
    </>
  )
}
