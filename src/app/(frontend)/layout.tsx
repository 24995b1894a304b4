import type { Metadata, Viewport } from 'next'
import { headers } from 'next/headers'
import type { ReactNode } from 'react'
import { accountName } from '@/auth/account-name'
import { currentUser } from '@/auth/current-user'
import { siteSettings } from '@/catalog/settings'
import { AuthSession } from '@/components/auth/AuthSession'
import { Footer } from '@/components/layout/Footer'
import { Header } from '@/components/layout/Header'
import { HEAD_SCRIPT } from '@/components/layout/head-script'
import { ServiceWorkerRegistration } from '@/components/offline/ServiceWorkerRegistration'
import { feedAlternates } from '@/components/seo/feed-alternates'
import { LazyPlayerBar } from '@/components/player/LazyPlayerBar'
import { PlayerProvider } from '@/components/player/PlayerProvider'
import { NONCE_HEADER } from '@/http/security-headers'
import { requestTranslation } from '@/i18n/request-locale'
import { messagesFor } from '@/i18n/translator'
import { publicOrigin } from '@/site/public-url'
import './globals.css'
import { payloadClient } from '@/site/payload'

export async function generateMetadata(): Promise<Metadata> {
  const { locale, t } = await requestTranslation()
  const name = t('site.name')
  return {
    metadataBase: new URL(publicOrigin()),
    title: { default: `${name} – ${t('site.tagline')}`, template: `%s · ${name}` },
    description: t('site.description'),
    openGraph: { siteName: name, locale: locale === 'de' ? 'de_DE' : 'en_GB', type: 'website' },
    alternates: feedAlternates(locale, t),
  }
}

export const viewport: Viewport = {
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#f6f3ee' },
    { media: '(prefers-color-scheme: dark)', color: '#11181b' },
  ],
}

export default async function FrontendLayout({ children }: { children: ReactNode }) {
  const payload = await payloadClient()
  const [{ locale, t }, user, settings, requestHeaders] = await Promise.all([requestTranslation(), currentUser(payload), siteSettings(payload), headers()])
  // The page's Content-Security-Policy allows inline scripts only with this request's nonce (src/proxy.ts).
  const nonce = requestHeaders.get(NONCE_HEADER) ?? undefined
  const player = {
    label: t('player.label'),
    play: t('player.play'),
    pause: t('player.pause'),
    back10: t('player.back10'),
    next: t('player.next'),
    seek: t('player.seek'),
    volume: t('player.volume'),
    shuffleOn: t('player.shuffleOn'),
    shuffleOff: t('player.shuffleOff'),
    repeatOn: t('player.repeatOn'),
    repeatOff: t('player.repeatOff'),
    loading: t('player.loading'),
    error: t('player.error'),
    nowPlaying: t('player.nowPlaying'),
    of: locale === 'de' ? 'von' : 'of',
    artist: t('site.name'),
    previous: t('player.previous'),
    sleep: messagesFor(locale).player.sleep,
    view: messagesFor(locale).player.view,
  }
  return (
    <html lang={locale} suppressHydrationWarning>
      <head>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: HEAD_SCRIPT }} />
      </head>
      <body>
        <a href="#main" className="skip-link">
          {t('site.skipToContent')}
        </a>
        <AuthSession loggedIn={Boolean(user)} />
        <ServiceWorkerRegistration renderedFor={user ? { id: String(user.id), name: accountName(user) } : null} />
        <PlayerProvider account={user ? String(user.id) : null}>
          <Header locale={locale} t={t} loggedIn={Boolean(user)} />
          <main id="main" className="page">
            {children}
          </main>
          <Footer locale={locale} t={t} settings={settings} account={user ? { email: user.email } : null} />
          <LazyPlayerBar labels={player} />
        </PlayerProvider>
      </body>
    </html>
  )
}
