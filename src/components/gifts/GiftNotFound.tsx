import Link from 'next/link'
import { requestTranslation } from '@/i18n/request-locale'

/** An unknown or revoked gift link: a friendly 404 that tells nothing about whether the link ever existed. */
export async function GiftNotFound() {
  const { t } = await requestTranslation()
  return (
    <section className="not-found">
      <h1>{t('gift.notFoundTitle')}</h1>
      <p className="muted">{t('gift.notFoundText')}</p>
      <Link className="button" href="/">
        {t('notFound.home')}
      </Link>
    </section>
  )
}
