import { StaticImage } from '@/components/media/StaticImage'
import { IntentLink } from '@/components/navigation/IntentLink'
import type { CatalogPackage } from '@/components/music/types'
import { formatPrice } from '@/i18n/format-price'
import type { Locale } from '@/i18n/locales'
import type { Translate } from '@/i18n/translator'
import styles from './PackageCard.module.css'

type Props = {
  pkg: CatalogPackage
  locale: Locale
  t: Translate
  /** h3 inside a titled section (home), h2 right below the page's h1 (package chooser). */
  headingLevel?: 2 | 3
  /** The package's picture above its name (the chooser has room for it). */
  withImage?: boolean
  /** The first card's image is the page's largest paint: fetched first. */
  priority?: boolean
}

/** A package with price, highlights and a link into the wizard; used by home and the chooser. */
export function PackageCard({ pkg, locale, t, headingLevel = 3, withImage = false, priority = false }: Props) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <li className={`card package-card color-${pkg.color_class} ${styles.card}`}>
      {withImage && pkg.image && (
        <StaticImage
          src={pkg.image}
          alt=""
          width={640}
          height={360}
          sizes="(max-width: 700px) 100vw, 400px"
          {...(priority ? { preload: true } : { loading: 'eager' as const })}
          className={styles.image}
        />
      )}
      <Heading>{pkg.name}</Heading>
      <p className="price">{formatPrice(pkg.price, locale)}</p>
      {pkg.allows_recording && (
        <p className={styles.recording}>
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M12 14a3 3 0 0 0 3-3V5a3 3 0 0 0-6 0v6a3 3 0 0 0 3 3zm5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.92V21h2v-3.08A7 7 0 0 0 19 11z"
            />
          </svg>
          {t('wizard.allowsRecording')}
        </p>
      )}
      <ul>
        {pkg.highlights.map((highlight) => (
          <li key={highlight}>{highlight}</li>
        ))}
      </ul>
      <IntentLink className={`button ${styles.choose}`} href={`/custom-songs/${pkg.slug}`}>
        {t('home.choosePackage', { name: pkg.name })}
      </IntentLink>
    </li>
  )
}
