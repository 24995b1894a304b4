import type { Metadata } from 'next'
import { LazyAuthForms } from '@/components/forms/LazyForms'
import { redirect } from 'next/navigation'
import { currentUser } from '@/auth/current-user'
import { requestTranslation } from '@/i18n/request-locale'
import { messagesFor } from '@/i18n/translator'
import { payloadClient } from '@/site/payload'

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await requestTranslation()
  return { title: t('accounts.loginTitle'), robots: { index: false } }
}

/** Login, toggling with registration; a visitor who is logged in already goes to the account page. */
export default async function LoginPage() {
  const payload = await payloadClient()
  const [{ locale }, user] = await Promise.all([requestTranslation(), currentUser(payload)])
  if (user) redirect('/account')
  const messages = messagesFor(locale)
  return (
    <LazyAuthForms labels={messages.accounts} forgotPasswordLabel={messages.passwordReset.forgotLink} locale={locale} afterLogin="account" headingLevel={1} />
  )
}
