import { MY_MUSIC_ROUTE } from '@/site/routes'
import type { Metadata } from 'next'
import { redirect } from 'next/navigation'
import { currentUser } from '@/auth/current-user'
import { loginPathBackTo } from '@/auth/login-return'
import { MyMusic } from '@/components/account/MyMusic'
import { requestTranslation } from '@/i18n/request-locale'
import { listOwnMusic } from '@/library/own-music'
import { payloadClient } from '@/site/payload'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await requestTranslation()
  return { title: t('myMusic.title'), robots: { index: false } }
}

/** "Meine Musik" / "My music" (issue 33): the albums and tracks the customer owns, to download; login required, and back here after it. */
export default async function MyMusicPage() {
  const payload = await payloadClient()
  const [{ locale, t }, user] = await Promise.all([requestTranslation(), currentUser(payload)])
  if (!user) redirect(loginPathBackTo(MY_MUSIC_ROUTE))
  const music = await listOwnMusic(payload, user, locale)
  return (
    <>
      <h1>{t('myMusic.title')}</h1>
      <p className="muted">{t('myMusic.intro')}</p>
      <MyMusic music={music} locale={locale} t={t} />
    </>
  )
}
