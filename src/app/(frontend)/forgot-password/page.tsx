import type { Metadata } from 'next'
import { LazyForgotPasswordForm } from '@/components/forms/LazyForms'
import { requestTranslation } from '@/i18n/request-locale'
import { messagesFor } from '@/i18n/translator'

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await requestTranslation()
  return { title: t('passwordReset.requestTitle'), robots: { index: false } }
}

/** Asks for a link to set a new password (linked from the login forms and the admin's login). */
export default async function ForgotPasswordPage() {
  const { locale } = await requestTranslation()
  return <LazyForgotPasswordForm labels={messagesFor(locale).passwordReset} />
}
