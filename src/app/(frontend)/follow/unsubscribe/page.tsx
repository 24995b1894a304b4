import type { Metadata } from 'next'
import { followerOfToken } from '@/followers/follow'
import { followerData } from '@/gdpr/follower-data'
import { formatDateTime } from '@/i18n/format-date'
import { requestTranslation } from '@/i18n/request-locale'
import { translatorFor } from '@/i18n/translator'
import { payloadClient } from '@/site/payload'

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await requestTranslation()
  return { title: t('follow.unsubscribeTitle'), robots: { index: false } }
}

/**
 * The page of every follower mail's unsubscribe link (`?t=<signed token>`): one button (a plain
 * form, no login, no JavaScript) and what is stored about the sign-up (Art. 15 GDPR: a follower
 * without an account asks for their data here), with a JSON download.
 */
export default async function UnsubscribePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [{ locale: pageLocale }, { t: token }] = await Promise.all([requestTranslation(), searchParams])
  const follower = await followerOfToken(await payloadClient(), token)
  const locale = follower?.locale ?? pageLocale
  const t = await translatorFor(locale)
  if (!follower || typeof token !== 'string') {
    return (
      <>
        <h1>{t('follow.unsubscribeTitle')}</h1>
        <p className="error-message" role="alert">
          {t('follow.results.invalid_unsubscribe')}
        </p>
      </>
    )
  }
  const data = followerData(follower)
  const date = (value: string | null) => (value ? formatDateTime(value, locale) : '–')
  const rows: [string, string][] = [
    [t('follow.fields.email'), data.email],
    [t('follow.fields.status'), t(`follow.statuses.${data.status}`)],
    [t('follow.fields.language'), data.language === 'de' ? 'Deutsch' : 'English'],
    [t('follow.fields.consent'), data.consent_text],
    [t('follow.fields.version'), data.consent_version],
    [t('follow.fields.requested'), date(data.requested_at)],
    [t('follow.fields.confirmed'), date(data.confirmed_at)],
    [t('follow.fields.unsubscribed'), date(data.unsubscribed_at)],
  ]
  return (
    <div lang={locale}>
      <h1>{t('follow.unsubscribeTitle')}</h1>
      {data.status === 'unsubscribed' ? (
        <p role="status">{t('follow.alreadyUnsubscribed', { email: data.email })}</p>
      ) : (
        <form method="post" action="/api/followers/unsubscribe/">
          <p>{t('follow.unsubscribeIntro', { email: data.email })}</p>
          <input type="hidden" name="t" value={token} />
          <button className="button" type="submit">
            {t('follow.unsubscribeButton')}
          </button>
        </form>
      )}
      <section className="section" aria-labelledby="follow-data-title">
        <h2 id="follow-data-title">{t('follow.dataTitle')}</h2>
        <p className="muted">{t('follow.dataIntro')}</p>
        <dl>
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <p>
          <a href={`/api/followers/data/?t=${encodeURIComponent(token)}`} download>
            {t('follow.dataDownload')}
          </a>
        </p>
      </section>
    </div>
  )
}
