import type { Metadata } from 'next'
import { requestTranslation } from '@/i18n/request-locale'

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await requestTranslation()
  return { title: t('follow.confirmTitle'), robots: { index: false } }
}

/**
 * The page the confirmation mail links to (`?token=…`): confirms with a button, a plain form that
 * posts to /api/followers/confirm/ (no JavaScript); opening the link alone confirms nothing, since
 * mail scanners open links by themselves.
 */
export default async function ConfirmFollowPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [{ locale, t }, { token }] = await Promise.all([requestTranslation(), searchParams])
  return (
    <>
      <h1>{t('follow.confirmTitle')}</h1>
      {typeof token === 'string' && token !== '' ? (
        <form method="post" action="/api/followers/confirm/">
          <p>{t('follow.confirmIntro')}</p>
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="locale" value={locale} />
          <button className="button" type="submit">
            {t('follow.confirmButton')}
          </button>
        </form>
      ) : (
        <p className="error-message" role="alert">
          {t('follow.missingToken')}
        </p>
      )}
    </>
  )
}
