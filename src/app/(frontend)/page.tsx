import { IntentLink } from '@/components/navigation/IntentLink'
import { listCategories } from '@/catalog/categories'
import { listPackages } from '@/catalog/lookups'
import { listTracks } from '@/catalog/tracks'
import { categoryCards } from '@/components/music/cards'
import { CoverGrid } from '@/components/music/CoverGrid'
import { trackTableLabels } from '@/components/music/labels'
import { PlayAllButton } from '@/components/music/PlayAllButton'
import { TrackTable } from '@/components/music/TrackTable'
import { playable } from '@/components/music/types'
import { PackageCard } from '@/components/wizard/PackageCard'
import { requestTranslation } from '@/i18n/request-locale'
import { payloadClient } from '@/site/payload'
import { FollowSection } from '@/components/follow/FollowSection'

/** Home: hero, package chooser, category grid and track list (spec section 2). */
export default async function HomePage() {
  const payload = await payloadClient()
  const { locale, t } = await requestTranslation()
  const [packages, categories, tracks] = await Promise.all([listPackages(payload, locale), listCategories(payload, locale), listTracks(payload, locale)])
  const playableTracks = playable(tracks)
  return (
    <>
      <section className="hero">
        <h1>{t('home.heroTitle')}</h1>
        <p className="muted">{t('home.heroText')}</p>
        <p style={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap' }}>
          <PlayAllButton tracks={playableTracks} label={t('home.listenNow')} />
          <IntentLink className="button secondary" href="/custom-songs">
            {t('home.commission')}
          </IntentLink>
        </p>
      </section>

      <section className="section" aria-labelledby="packages-title">
        <h2 id="packages-title">{t('home.packagesTitle')}</h2>
        <p className="muted">{t('home.packagesIntro')}</p>
        <ul className="grid" role="list">
          {packages.map((pkg) => (
            <PackageCard key={pkg.id} pkg={pkg} locale={locale} t={t} />
          ))}
        </ul>
      </section>

      <section className="section" aria-labelledby="categories-title">
        <h2 id="categories-title">{t('home.categoriesTitle')}</h2>
        <CoverGrid items={categoryCards(categories, t)} />
      </section>

      <section className="section" aria-labelledby="tracks-title">
        <h2 id="tracks-title">{t('home.tracksTitle')}</h2>
        <TrackTable tracks={playableTracks} labels={trackTableLabels(t)} />
      </section>
      <FollowSection payload={await payloadClient()} id="follow-home" locale={locale} t={t} />
    </>
  )
}
