import Link from 'next/link'
import { requestTranslation } from '@/i18n/request-locale'

/** Unknown routes and ids: a real 404 in the visitor's language. */
export default async function NotFound() {
  const { t } = await requestTranslation()
  return (
    <section className="not-found">
      <h1>{t('notFound.title')}</h1>
      <p className="muted">{t('notFound.text')}</p>
      <Link className="button" href="/">
        {t('notFound.home')}
      </Link>
    </section>
  )
}
