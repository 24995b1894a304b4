import Link from 'next/link'
import { followConsentText } from '@/followers/consent'
import type { Locale } from '@/i18n/locales'
import type { Translate } from '@/i18n/translator'
import { EMAIL_MAX_LENGTH } from '@/rules/email'
import { LEGAL_ROUTES } from '@/site/routes'
import styles from './Follow.module.css'

/** Where the follow forms post (src/app/api/followers/route.ts). */
const FOLLOW_ACTION = '/api/followers/'

/**
 * "Neuigkeiten per E-Mail": a plain HTML form that works without JavaScript and adds none to the
 * page (a server component; the route answers with a redirect to the result page). A visitor
 * gives an address and ticks the unticked consent box, whose text is stored as proof; a logged-in
 * customer follows with one click (the account's address). Either way a confirmation mail follows.
 * `id` tells the boxes of one page apart (a page's own box and the footer's): the fields' ids.
 */
export function FollowForm({
  id,
  locale,
  t,
  account,
  compact = false,
}: {
  id: string
  locale: Locale
  t: Translate
  account: { email: string } | null
  compact?: boolean
}) {
  const consent = followConsentText(locale)
  const privacy = (
    <Link prefetch={false} href={LEGAL_ROUTES.privacy[locale]} className={styles.note}>
      {t('follow.privacyNote')}
    </Link>
  )
  return (
    // No aria-labelledby: a region named "Neuigkeiten per E-Mail" in every footer would be found by
    // every search for the label "E-Mail" of the login, contact and checkout forms; the heading suffices.
    <section className={`${styles.box} ${compact ? styles.compact : ''}`} data-follow-form={id}>
      <h2>{t('follow.title')}</h2>
      {compact ? null : <p className={styles.note}>{t('follow.intro')}</p>}
      {account ? (
        <form className={styles.form} method="post" action={FOLLOW_ACTION}>
          <input type="hidden" name="account" value="1" />
          <input type="hidden" name="locale" value={locale} />
          <p className={styles.note}>{t('follow.accountIntro', { email: account.email })}</p>
          <p className={styles.note}>{consent}</p>
          <button className="button" type="submit">
            {t('follow.accountSubmit')}
          </button>
          {privacy}
        </form>
      ) : (
        <form className={styles.form} method="post" action={FOLLOW_ACTION}>
          <input type="hidden" name="locale" value={locale} />
          <label className={styles.field} htmlFor={`${id}-email`}>
            {t('follow.email')}
            <input id={`${id}-email`} type="email" name="email" required autoComplete="email" maxLength={EMAIL_MAX_LENGTH} />
          </label>
          <label className={styles.consent} htmlFor={`${id}-consent`}>
            <input id={`${id}-consent`} type="checkbox" name="consent" required />
            <span>{consent}</span>
          </label>
          <button className="button" type="submit">
            {t('follow.submit')}
          </button>
          {privacy}
        </form>
      )}
    </section>
  )
}
