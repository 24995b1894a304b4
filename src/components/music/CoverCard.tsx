import { StaticImage } from '@/components/media/StaticImage'
import { IntentLink } from '@/components/navigation/IntentLink'
import styles from './CoverCard.module.css'

type Props = {
  href: string
  cover: string | null
  title: string
  meta?: string
  /** Shown on a phone's first screen: loaded at once and first (a lazy cover there was the page's late LCP). */
  aboveTheFold?: boolean
}

/** A square cover with a title and a line below it, linking to its page (category, album …). */
export function CoverCard({ href, cover, title, meta, aboveTheFold = false }: Props) {
  return (
    <IntentLink href={href} className={styles.card}>
      {cover ? (
        <StaticImage
          src={cover}
          alt=""
          width={480}
          height={480}
          sizes="(max-width: 600px) 50vw, 240px"
          className={`cover-art ${styles.cover}`}
          preload={aboveTheFold}
        />
      ) : (
        <span className={`cover-art ${styles.cover}`} aria-hidden="true" />
      )}
      <span className={styles.title}>{title}</span>
      {meta && <span className={styles.meta}>{meta}</span>}
    </IntentLink>
  )
}
