import type { Metadata } from 'next'
import { ConfirmEmailForm } from '@/components/auth/ConfirmEmailForm'
import { requestTranslation } from '@/i18n/request-locale'
import { messagesFor } from '@/i18n/translator'

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await requestTranslation()
  return { title: t('emailConfirmation.title'), robots: { index: false } }
}

/** The page the welcome mail links to (`?token=…`): confirms the address by a click, never by the GET alone. */
export default async function ConfirmEmailPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [{ locale }, { token }] = await Promise.all([requestTranslation(), searchParams])
  const labels = messagesFor(locale).emailConfirmation
  if (typeof token !== 'string' || token === '') {
    return (
      <>
        <h1>{labels.title}</h1>
        <p className="error-message" role="alert">
          {labels.missingToken}
        </p>
      </>
    )
  }
  return <ConfirmEmailForm token={token} labels={labels} />
}
