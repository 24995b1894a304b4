import Link from 'next/link'
import { requestTranslation } from '@/i18n/request-locale'
import { payloadClient } from '@/site/payload'

/** Home: hero and package chooser (category grid and track list come with the catalog pages). */
export default async function HomePage() {
  const { locale, t } = await requestTranslation()
  const payload = await payloadClient()
  const packages = await payload.find({
    collection: 'packages',
    locale,
    sort: '_order',
    depth: 0,
    pagination: false,
    overrideAccess: false,
  })
  const price = new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-GB', { style: 'currency', currency: 'EUR' })
  return (
    <>
      <section className="hero">
        <h1>{t('home.heroTitle')}</h1>
        <p className="muted">{t('home.heroText')}</p>
        <p>
          <Link className="button" href="/music">
            {t('home.listenNow')}
          </Link>{' '}
          <Link className="button secondary" href="/custom-songs">
            {t('home.commission')}
          </Link>
        </p>
      </section>
      <section aria-labelledby="packages-title">
        <h2 id="packages-title">{t('home.packagesTitle')}</h2>
        <p className="muted">{t('home.packagesIntro')}</p>
        <ul className="grid" role="list">
          {packages.docs.map((pkg) => (
            <li key={pkg.id} className="card" style={{ padding: '1.25rem', listStyle: 'none' }}>
              <h3>{pkg.name}</h3>
              <p>{price.format(pkg.price)}</p>
              <Link href={`/custom-songs/${pkg.slug}`} aria-label={t('home.choosePackage', { name: pkg.name })}>
                {t('home.choosePackage', { name: pkg.name })}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  )
}
