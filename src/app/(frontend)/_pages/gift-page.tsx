import type { Metadata } from 'next'
import { StaticImage } from '@/components/media/StaticImage'
import { notFound } from 'next/navigation'
import { findGift } from '@/gifts/find-gift'
import { requestTranslation } from '@/i18n/request-locale'
import { payloadClient } from '@/site/payload'
import styles from '@/components/gifts/GiftPage.module.css'

type Props = { params: Promise<{ token: string }> }

/**
 * The gift page at /geschenk/{token} and /en/gift/{token} (the route fixes the language): a song a
 * customer shares, with cover, player and dedication, for anyone with the link and without login.
 * It shows nothing else of the customer; never indexed; an unknown or revoked link is a 404.
 */
export function giftPage() {
  async function generateMetadata(): Promise<Metadata> {
    const { t } = await requestTranslation()
    return { title: t('gift.title'), robots: { index: false, follow: false }, referrer: 'no-referrer' }
  }

  async function Page({ params }: Props) {
    const { token } = await params
    const { locale, t } = await requestTranslation()
    const gift = await findGift(await payloadClient(), token, locale)
    if (!gift) notFound()
    return (
      <article className={styles.gift}>
        {gift.cover ? (
          <StaticImage
            src={gift.cover}
            alt=""
            width={480}
            height={480}
            sizes="(max-width: 640px) 100vw, 320px"
            className={`cover-art ${styles.cover}`}
            preload
          />
        ) : (
          <span className={`cover-art ${styles.cover}`} aria-hidden="true" />
        )}
        <div className={styles.body}>
          <p className="muted">{t('gift.title')}</p>
          <h1>{gift.title}</h1>
          <audio controls preload="metadata" src={`/api/gifts/${encodeURIComponent(token)}/audio`} aria-label={t('gift.listen', { title: gift.title })} />
          {gift.dedication && (
            <figure className={styles.dedication}>
              <figcaption className="muted">{t('gift.dedication')}</figcaption>
              <blockquote>{gift.dedication}</blockquote>
            </figure>
          )}
        </div>
      </article>
    )
  }

  return { generateMetadata, Page }
}
