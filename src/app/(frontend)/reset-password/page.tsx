import type { Metadata } from 'next'
import { LazyResetPasswordForm } from '@/components/forms/LazyForms'
import Link from 'next/link'
import { requestTranslation } from '@/i18n/request-locale'
import { messagesFor } from '@/i18n/translator'

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await requestTranslation()
  return { title: t('passwordReset.resetTitle'), robots: { index: false } }
}

/** The page the reset mail links to (`?token=…`): sets the new password. */
export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [{ locale }, { token }] = await Promise.all([requestTranslation(), searchParams])
  const labels = messagesFor(locale).passwordReset
  if (typeof token !== 'string' || token === '') {
    return (
      <>
        <h1>{labels.resetTitle}</h1>
        <p className="error-message" role="alert">
          {labels.missingToken}
        </p>
        <p>
          <Link href="/forgot-password">{labels.requestNew}</Link>
        </p>
      </>
    )
  }
  return <LazyResetPasswordForm token={token} labels={labels} />
}
