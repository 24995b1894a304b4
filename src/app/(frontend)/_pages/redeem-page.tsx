import type { Metadata } from 'next'
import { LazyAuthForms } from '@/components/forms/LazyForms'
import styles from '@/components/forms/Form.module.css'
import { currentUser } from '@/auth/current-user'
import { requestTranslation } from '@/i18n/request-locale'
import { messagesFor } from '@/i18n/translator'
import { DOWNLOAD_CODE_INPUT_MAX_LENGTH } from '@/rules/download-codes'
import { payloadClient } from '@/site/payload'

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> }

/** Where the redeem form posts (src/app/api/download-codes/redeem/route.ts). */
const REDEEM_ACTION = '/api/download-codes/redeem/'

/**
 * Redeeming a download code, at /einloesen and /en/redeem (the route fixes the language): a plain
 * HTML form (no JavaScript) posting to the route, which puts the music into "Meine Musik" and
 * redirects there, or back here with the result. Redeeming needs an account (the music stays in
 * it); a visitor gets the login and registration beside the form, and the code typed stays in the
 * field (`?code=`) until the login is done.
 */
export function redeemCodePage() {
  async function generateMetadata(): Promise<Metadata> {
    const { t } = await requestTranslation()
    return { title: t('redeem.title'), description: t('redeem.intro'), robots: { index: false } }
  }

  async function Page({ searchParams }: Props) {
    const payload = await payloadClient()
    const [{ locale, t }, user, query] = await Promise.all([requestTranslation(), currentUser(payload), searchParams])
    const messages = messagesFor(locale)
    const results = messages.redeem.results
    const status = typeof query.status === 'string' && Object.hasOwn(results, query.status) ? (query.status as keyof typeof results) : null
    const code = typeof query.code === 'string' ? query.code.slice(0, DOWNLOAD_CODE_INPUT_MAX_LENGTH) : ''
    return (
      <>
        <h1>{t('redeem.title')}</h1>
        <p>{t('redeem.intro')}</p>
        {status && !(status === 'login' && user) ? (
          <p className="error-message" role="alert" data-redeem-result={status}>
            {results[status]}
          </p>
        ) : null}
        {user ? null : <p data-redeem-needs-account>{t('redeem.needsAccount')}</p>}
        <form className={styles.form} method="post" action={REDEEM_ACTION} data-redeem-form>
          <input type="hidden" name="locale" value={locale} />
          <label className={styles.field} htmlFor="redeem-code">
            {t('redeem.code')}
            <input
              id="redeem-code"
              name="code"
              required
              defaultValue={code}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={DOWNLOAD_CODE_INPUT_MAX_LENGTH}
              aria-describedby="redeem-code-hint"
            />
          </label>
          <p className="muted" id="redeem-code-hint">
            {t('redeem.codeHint')}
          </p>
          <button className="button" type="submit">
            {t('redeem.submit')}
          </button>
        </form>
        {user ? null : <LazyAuthForms labels={messages.accounts} forgotPasswordLabel={messages.passwordReset.forgotLink} locale={locale} afterLogin="stay" />}
      </>
    )
  }

  return { generateMetadata, Page }
}
