import { iframeCode } from '@/embed/embed-code'
import type { Locale } from '@/i18n/locales'
import type { Translate } from '@/i18n/translator'
import { EMBED_SIZES, type EmbedSize } from '@/rules/embed'
import styles from './EmbedOffer.module.css'

const SIZE_LABELS: Record<EmbedSize, string> = { compact: 'embed.sizeCompact', withTracks: 'embed.sizeWithTracks' }

/**
 * The album page's "Einbetten" / "Embed": the <iframe> code of the album's player in both sizes,
 * to copy. A <details> with read-only text fields rendered on the server: no client JavaScript.
 */
export function EmbedOffer({ albumId, title, locale, t }: { albumId: number; title: string; locale: Locale; t: Translate }) {
  const frameTitle = t('embed.frameTitle', { title, shop: t('site.name') })
  return (
    <details className={styles.offer} id="embed">
      <summary>{t('embed.offerTitle')}</summary>
      <p>{t('embed.offerIntro')}</p>
      {(Object.keys(EMBED_SIZES) as EmbedSize[]).map((size) => {
        const code = iframeCode('album', albumId, locale, EMBED_SIZES[size], frameTitle)
        return (
          <div key={size}>
            <label className={styles.size} htmlFor={`embed-${size}`}>
              {t(SIZE_LABELS[size], EMBED_SIZES[size])}
            </label>
            <textarea className={styles.code} id={`embed-${size}`} readOnly rows={3} defaultValue={code} spellCheck={false} />
          </div>
        )
      })}
      <p className="muted">{t('embed.oembedHint')}</p>
    </details>
  )
}
