import Image from 'next/image'
import Link from 'next/link'
import styles from './CoverCard.module.css'

/** A square cover with a title and a line below it, linking to its page (category, album …). */
export function CoverCard({ href, cover, title, meta }: { href: string; cover: string | null; title: string; meta?: string }) {
  return (
    <Link href={href} className={styles.card}>
      {cover ? (
        <Image src={cover} alt="" width={480} height={480} sizes="(max-width: 600px) 50vw, 240px" className={`cover-art ${styles.cover}`} />
      ) : (
        <span className={`cover-art ${styles.cover}`} aria-hidden="true" />
      )}
      <span className={styles.title}>{title}</span>
      {meta && <span className={styles.meta}>{meta}</span>}
    </Link>
  )
}
