import { IntentLink } from '@/components/navigation/IntentLink'
import type { Locale } from '@/i18n/locales'
import type { Translate } from '@/i18n/translator'
import { CartLink } from './CartLink'
import { LanguageSwitcher } from './LanguageSwitcher'
import { LogoutButton } from './LogoutButton'
import { NavigationMenu } from './NavigationMenu'
import { ThemeToggle } from './ThemeToggle'

/** Site header: brand, main navigation (about, music, custom song, news, cart; login, or account and logout), language and theme. */
export function Header({ locale, t, loggedIn }: { locale: Locale; t: Translate; loggedIn: boolean }) {
  const items = [
    { href: '/about', label: t('nav.about') },
    { href: '/music', label: t('nav.music') },
    { href: '/custom-songs', label: t('nav.customSong') },
    { href: '/news', label: t('nav.news') },
  ]
  return (
    <header className="site-header">
      <IntentLink href="/" className="brand">
        <span className="brand-mark" aria-hidden="true" />
        <span>
          <span className="brand-name">{t('site.name')}</span>
          <span className="brand-tagline">{t('site.tagline')}</span>
        </span>
      </IntentLink>
      <NavigationMenu items={items} label={t('nav.label')} openLabel={t('nav.openMenu')} closeLabel={t('nav.closeMenu')}>
        <li>
          <CartLink labels={{ cart: t('nav.cart'), one: t('nav.cartWithCount_one'), other: t('nav.cartWithCount_other'), locale }} />
        </li>
        {loggedIn ? (
          <>
            <li>
              <IntentLink href="/account">{t('nav.account')}</IntentLink>
            </li>
            <li>
              <LogoutButton label={t('nav.logout')} />
            </li>
          </>
        ) : (
          <li>
            <IntentLink href="/login">{t('nav.login')}</IntentLink>
          </li>
        )}
      </NavigationMenu>
      <div className="header-tools">
        <LanguageSwitcher locale={locale} label={t('nav.switchToLabel')} text={t('nav.switchTo')} />
        <ThemeToggle labels={{ dark: t('nav.themeDark'), light: t('nav.themeLight') }} />
      </div>
    </header>
  )
}
