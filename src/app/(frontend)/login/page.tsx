import type { Metadata } from 'next'
import { LazyAuthForms } from '@/components/forms/LazyForms'
import { redirect } from 'next/navigation'
import { currentUser } from '@/auth/current-user'
import { loginReturnPath } from '@/auth/login-return'
import { requestTranslation } from '@/i18n/request-locale'
import { messagesFor } from '@/i18n/translator'
import { payloadClient } from '@/site/payload'

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await requestTranslation()
  return { title: t('accounts.loginTitle'), robots: { index: false } }
}

type Props = { searchParams: Promise<{ next?: string | string[] }> }

/**
 * Login, toggling with registration; a visitor who is logged in already goes to the account page,
 * or back to the account's page that sent them here (`?next=/account/music`, src/auth/login-return.ts).
 */
export default async function LoginPage({ searchParams }: Props) {
  const payload = await payloadClient()
  const [{ locale }, user, query] = await Promise.all([requestTranslation(), currentUser(payload), searchParams])
  const next = loginReturnPath(query.next) ?? '/account'
  if (user) redirect(next)
  const messages = messagesFor(locale)
  return <LazyAuthForms labels={messages.accounts} forgotPasswordLabel={messages.passwordReset.forgotLink} locale={locale} afterLogin={next} headingLevel={1} />
}
