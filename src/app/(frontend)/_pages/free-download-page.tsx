import type { Metadata } from 'next'
import Link from 'next/link'
import styles from '@/components/forms/Form.module.css'
import { currentUser } from '@/auth/current-user'
import { followConsentText } from '@/followers/consent'
import { freeItemOf } from '@/free-downloads/free-download'
import { formatDateTime } from '@/i18n/format-date'
import { requestTranslation } from '@/i18n/request-locale'
import { messagesFor } from '@/i18n/translator'
import { signedLibraryDownloadPath } from '@/library/download-link'
import { readFreeDownloadToken } from '@/mail/free-download-tokens'
import { SALE_FORMAT_LABELS } from '@/rules/catalog-sale'
import { EMAIL_MAX_LENGTH } from '@/rules/email'
import { payloadClient } from '@/site/payload'
import { LEGAL_ROUTES } from '@/site/routes'

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> }

/** Where the form posts (src/app/api/free-downloads/route.ts). */
const FREE_DOWNLOAD_ACTION = '/api/free-downloads/'

const one = (value: string | string[] | undefined): string | undefined => (typeof value === 'string' ? value : undefined)

/**
 * A free album or track (name-your-price with minimum 0), at /kostenlos and /en/free-download (the
 * route fixes the language). `?kind=&id=` (the album page's "Kostenlos herunterladen"): a logged-in
 * customer's one button into "Meine Musik", or the e-mail form with the follow box; `?token=` (the
 * mail's link): the download buttons, one per format, with signed links that end with the token;
 * `?status=`: the form's result. Plain HTML forms, no JavaScript.
 */
export function freeDownloadPage() {
  async function generateMetadata(): Promise<Metadata> {
    const { t } = await requestTranslation()
    return { title: t('freeDownload.title'), robots: { index: false } }
  }

  async function Page({ searchParams }: Props) {
    const payload = await payloadClient()
    const [{ locale, t }, user, query] = await Promise.all([requestTranslation(), currentUser(payload), searchParams])
    const results = messagesFor(locale).freeDownload.results
    const statusText = one(query.status)
    const status = statusText && Object.hasOwn(results, statusText) ? (statusText as keyof typeof results) : null
    const token = one(query.token)

    if (token !== undefined) {
      const grant = readFreeDownloadToken(token, payload.secret)
      const free = grant ? await freeItemOf(payload, grant, locale) : null
      if (!grant || !free?.ok) {
        return (
          <>
            <h1>{t('freeDownload.title')}</h1>
            <p className="error-message" role="alert" data-free-download-result="invalid_token">
              {grant ? t('freeDownload.notAvailable') : results.invalid_token}
            </p>
          </>
        )
      }
      const item = free.value
      // The download links end with the mail's link, not later.
      const expiresInSeconds = Math.max(60, Math.floor((grant.expiresAt.getTime() - Date.now()) / 1000))
      return (
        <>
          <h1>{t('freeDownload.downloadsTitle')}</h1>
          <p>{t('freeDownload.downloadsIntro', { title: item.title, until: formatDateTime(grant.expiresAt.toISOString(), locale) })}</p>
          <ul className="free-downloads">
            {item.formats.map((format) => (
              <li key={format}>
                <a
                  className="button"
                  data-free-download-format={format}
                  href={signedLibraryDownloadPath({ item: { kind: item.kind, id: item.id }, format, right: { free: true }, expiresInSeconds })}
                  download
                >
                  {t('freeDownload.download', { format: SALE_FORMAT_LABELS[format] })}
                </a>
              </li>
            ))}
          </ul>
          <p className="muted">
            {t('freeDownload.accountHint')}{' '}
            <Link prefetch={false} href="/login">
              {t('freeDownload.login')}
            </Link>
          </p>
        </>
      )
    }

    const free = await freeItemOf(payload, { kind: one(query.kind), id: one(query.id) }, locale)
    const succeeded = status === 'requested'
    return (
      <>
        <h1>{t('freeDownload.title')}</h1>
        {status ? (
          <p className={succeeded ? 'success-message' : 'error-message'} role={succeeded ? 'status' : 'alert'} data-free-download-result={status}>
            {results[status]}
          </p>
        ) : null}
        {succeeded ? null : !free.ok ? (
          status ? null : (
            <p className="error-message" role="alert" data-free-download-result="not_free">
              {t('freeDownload.notAvailable')}
            </p>
          )
        ) : (
          <>
            <p>{t('freeDownload.intro', { title: free.value.title, formats: free.value.formats.map((format) => SALE_FORMAT_LABELS[format]).join(', ') })}</p>
            <form className={styles.form} method="post" action={FREE_DOWNLOAD_ACTION} data-free-download-form>
              <input type="hidden" name="kind" value={free.value.kind} />
              <input type="hidden" name="id" value={free.value.id} />
              <input type="hidden" name="locale" value={locale} />
              {user ? (
                <p>{t('freeDownload.accountIntro')}</p>
              ) : (
                <>
                  <p>{t('freeDownload.emailIntro')}</p>
                  <label className={styles.field} htmlFor="free-download-email">
                    {t('freeDownload.email')}
                    <input id="free-download-email" type="email" name="email" required autoComplete="email" maxLength={EMAIL_MAX_LENGTH} />
                  </label>
                  {/* The fans' mailing list's own consent, as the follow box words it (its double opt-in follows). */}
                  <label htmlFor="free-download-follow" style={{ display: 'flex', gap: '0.5rem', alignItems: 'flex-start' }}>
                    <input id="free-download-follow" type="checkbox" name="follow" />
                    <span>{followConsentText(locale)}</span>
                  </label>
                </>
              )}
              <button className="button" type="submit">
                {user ? t('freeDownload.accountSubmit') : t('freeDownload.submit')}
              </button>
              {user ? null : (
                <p className="muted">
                  {t('freeDownload.accountHint')}{' '}
                  <Link prefetch={false} href="/login">
                    {t('freeDownload.login')}
                  </Link>{' '}
                  ·{' '}
                  <Link prefetch={false} href={LEGAL_ROUTES.privacy[locale]}>
                    {t('freeDownload.privacyNote')}
                  </Link>
                </p>
              )}
            </form>
          </>
        )}
      </>
    )
  }

  return { generateMetadata, Page }
}
