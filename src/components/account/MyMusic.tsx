import { StaticImage } from '@/components/media/StaticImage'
import { formatDate } from '@/i18n/format-date'
import type { Locale } from '@/i18n/locales'
import type { Translate } from '@/i18n/translator'
import { signedLibraryDownloadPath } from '@/library/download-link'
import type { OwnedMusic } from '@/library/own-music'
import styles from './MyMusic.module.css'

/**
 * "Meine Musik" / "My music": every album and track the customer owns, newest first, each with
 * plain download links per format (signed when the page is rendered; src/library/download-link.ts),
 * an album also as one ZIP per format and its tracks one by one. Rendered on the server, no script.
 */
export function MyMusic({ music, locale, t }: { music: OwnedMusic[]; locale: Locale; t: Translate }) {
  if (music.length === 0) {
    return (
      <div className={styles.empty}>
        <p>{t('myMusic.empty')}</p>
        <a className="button" href="/music">
          {t('myMusic.browse')}
        </a>
      </div>
    )
  }
  return (
    <>
      <ul className={styles.list} role="list">
        {music.map((item) => (
          <li key={`${item.kind}-${item.id}`}>
            <OwnedItem item={item} locale={locale} t={t} />
          </li>
        ))}
      </ul>
      <p className="muted">{t('myMusic.expiredHint')}</p>
    </>
  )
}

function OwnedItem({ item, locale, t }: { item: OwnedMusic; locale: Locale; t: Translate }) {
  const titleId = `my-music-${item.kind}-${item.id}`
  const kindLabel = item.kind === 'track' ? t('myMusic.track') : t(`myMusic.${item.form ?? 'album'}`)
  const link = (kind: OwnedMusic['kind'], id: number, { format, libraryItem }: OwnedMusic['formats'][number]) =>
    signedLibraryDownloadPath({ item: { kind, id }, format, right: { libraryItem } })
  return (
    <article className={`card ${styles.card}`} aria-labelledby={titleId} data-my-music={`${item.kind}-${item.id}`}>
      {item.cover ? (
        <StaticImage src={item.cover.url} alt="" width={96} height={96} sizes="96px" className={`cover-art ${styles.cover}`} />
      ) : (
        <span className={`cover-art ${styles.cover}`} aria-hidden="true" />
      )}
      <div className={styles.text}>
        <p className={styles.kicker}>{kindLabel}</p>
        <h3 id={titleId} className={styles.title}>
          {item.title}
        </h3>
        <p className={styles.meta}>
          {t('site.name')} · {t(`myMusic.sources.${item.source}`, { date: formatDate(item.grantedAt, locale) })}
        </p>
        <p className={styles.downloads}>
          <span>{t('myMusic.download')}</span>
          {item.formats.map((offered) =>
            item.kind === 'music-group' ? (
              <a key={offered.format} className="button" href={link('music-group', item.id, offered)}>
                {t('myMusic.albumZip', { format: t(`sale.format.${offered.format}`) })}
              </a>
            ) : (
              <a key={offered.format} className="button" href={link('track', item.id, offered)}>
                {t('myMusic.downloadFormat', { format: t(`sale.format.${offered.format}`) })}
              </a>
            ),
          )}
        </p>
        {item.tracks.length > 0 && (
          <details className={styles.tracks}>
            <summary>{t('myMusic.tracksTitle')}</summary>
            <ol>
              {item.tracks.map((track) => (
                <li key={track.id}>
                  <span>{track.title}</span>{' '}
                  {item.formats.map((offered) => (
                    <a key={offered.format} href={link('track', track.id, offered)}>
                      {t(`sale.format.${offered.format}`)}
                    </a>
                  ))}
                </li>
              ))}
            </ol>
          </details>
        )}
      </div>
    </article>
  )
}
