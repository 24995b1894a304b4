import dynamic from 'next/dynamic'
import type { Metadata } from 'next'
import { requestTranslation } from '@/i18n/request-locale'
import { messagesFor } from '@/i18n/translator'

// The form and react-hook-form load after the page's first script; the server renders the form either way (issue 29).
const ForgotPasswordForm = dynamic(() => import('@/components/auth/ForgotPasswordForm').then((module) => module.ForgotPasswordForm))

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await requestTranslation()
  return { title: t('passwordReset.requestTitle'), robots: { index: false } }
}

/** Asks for a link to set a new password (linked from the login forms and the admin's login). */
export default async function ForgotPasswordPage() {
  const { locale } = await requestTranslation()
  return <ForgotPasswordForm labels={messagesFor(locale).passwordReset} />
}
