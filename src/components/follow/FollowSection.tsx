import type { Payload } from 'payload'
import { currentUser } from '@/auth/current-user'
import type { Locale } from '@/i18n/locales'
import type { Translate } from '@/i18n/translator'
import { FollowForm } from './FollowForm'

/** A page's own follow box (home, music, each album, news): the form, or one click for a logged-in customer. */
export async function FollowSection({ payload, id, locale, t }: { payload: Payload; id: string; locale: Locale; t: Translate }) {
  const user = await currentUser(payload)
  return (
    <div className="section">
      <FollowForm id={id} locale={locale} t={t} account={user ? { email: user.email } : null} />
    </div>
  )
}
