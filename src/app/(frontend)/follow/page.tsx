import type { Metadata } from 'next'
import Link from 'next/link'
import { FollowSection } from '@/components/follow/FollowSection'
import { isLocale } from '@/i18n/locales'
import { requestTranslation } from '@/i18n/request-locale'
import { messagesFor, translatorFor } from '@/i18n/translator'
import { payloadClient } from '@/site/payload'

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> }

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await requestTranslation()
  return { title: t('follow.title'), robots: { index: false } }
}

const SUCCESS = new Set(['requested', 'confirmed', 'unsubscribed'])

/**
 * The follow forms' result page (`?status=…&lang=…`, from the route's redirect), in the form's
 * language; after a refusal the form again.
 */
export default async function FollowPage({ searchParams }: Props) {
  const [{ locale: pageLocale }, { status, lang }] = await Promise.all([requestTranslation(), searchParams])
  const locale = isLocale(lang) ? lang : pageLocale
  const t = await translatorFor(locale)
  const results = messagesFor(locale).follow.results
  const result = typeof status === 'string' && Object.hasOwn(results, status) ? (status as keyof typeof results) : null
  const succeeded = result !== null && SUCCESS.has(result)
  return (
    <div lang={locale}>
      <h1>{t('follow.title')}</h1>
      {result ? (
        <p className={succeeded ? 'success-message' : 'error-message'} role={succeeded ? 'status' : 'alert'} data-follow-result={result}>
          {results[result]}
        </p>
      ) : null}
      {succeeded ? (
        <p>
          <Link href="/">{t('follow.home')}</Link>
        </p>
      ) : (
        <FollowSection payload={await payloadClient()} id="follow-page" locale={locale} t={t} />
      )}
    </div>
  )
}
