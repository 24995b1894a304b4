import Link from 'next/link'
import type { Setting } from '../../../payload-types'
import type { Locale } from '@/i18n/locales'
import type { Translate } from '@/i18n/translator'
import { LEGAL_ROUTES, WITHDRAWAL_FORM_ROUTES } from '@/site/routes'
import { FollowForm } from '../follow/FollowForm'

const SOCIAL = [
  ['streaming', 'footer.streaming'],
  ['video', 'footer.video'],
  ['photo', 'footer.photo'],
  ['social_network', 'footer.socialNetwork'],
  ['short_video', 'footer.shortVideo'],
] as const

/** The follow form, legal links and "Vertrag widerrufen" in the visitor's language, social links from the settings, copyright. */
// No prefetching: these links are on every page, rarely followed, and were fetched while each page loaded (issue 29).
export function Footer({ locale, t, settings, account }: { locale: Locale; t: Translate; settings: Setting; account: { email: string } | null }) {
  const social = SOCIAL.filter(([key]) => settings.social?.[key])
  return (
    <footer className="site-footer">
      <FollowForm id="follow-footer" locale={locale} t={t} account={account} compact />
      <nav aria-label={t('footer.legal')}>
        <ul className="footer-links">
          {(Object.keys(LEGAL_ROUTES) as (keyof typeof LEGAL_ROUTES)[]).map((page) => (
            <li key={page}>
              <Link prefetch={false} href={LEGAL_ROUTES[page][locale]}>
                {t(`footer.${page}`)}
              </Link>
            </li>
          ))}
          <li>
            {/* The online withdrawal function (§ 356a BGB) must be reachable from every page. */}
            <Link prefetch={false} href={WITHDRAWAL_FORM_ROUTES[locale]}>
              {t('withdrawalForm.link')}
            </Link>
          </li>
          <li>
            <Link prefetch={false} href="/contact">
              {t('nav.contact')}
            </Link>
          </li>
        </ul>
      </nav>
      {social.length > 0 && (
        <nav aria-label={t('footer.social')}>
          <ul className="footer-links">
            {social.map(([key, label]) => (
              <li key={key}>
                <a href={settings.social?.[key] ?? undefined} rel="noopener noreferrer" target="_blank">
                  {t(label)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <p className="copyright">{t('footer.copyright', { year: new Date().getFullYear(), name: settings.trader_name ?? t('site.name') })}</p>
    </footer>
  )
}
