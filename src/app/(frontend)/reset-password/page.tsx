import dynamic from 'next/dynamic'
import type { Metadata } from 'next'
import Link from 'next/link'
import { requestTranslation } from '@/i18n/request-locale'
import { messagesFor } from '@/i18n/translator'

// The form and react-hook-form load after the page's first script; the server renders the form either way (issue 29).
const ResetPasswordForm = dynamic(() => import('@/components/auth/ResetPasswordForm').then((module) => module.ResetPasswordForm))

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
  return <ResetPasswordForm token={token} labels={labels} />
}
