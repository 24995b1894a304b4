import { StaticImage } from '@/components/media/StaticImage'
import type { ReactNode } from 'react'
import styles from './CollectionHeader.module.css'

/** Cover, kind, title, description and actions at the top of a category or album page. */
export function CollectionHeader(props: { cover: string | null; kicker: string; title: string; description?: string; meta?: string; children?: ReactNode }) {
  return (
    <header className={styles.header}>
      {props.cover ? (
        <StaticImage src={props.cover} alt="" width={480} height={480} sizes="(max-width: 700px) 60vw, 240px" className={`cover-art ${styles.cover}`} preload />
      ) : (
        <span className={`cover-art ${styles.cover}`} aria-hidden="true" />
      )}
      <div className={styles.text}>
        <p className={styles.kicker}>{props.kicker}</p>
        <h1 className={styles.title}>{props.title}</h1>
        {props.description && <p className="muted">{props.description}</p>}
        {props.meta && <p className={styles.meta}>{props.meta}</p>}
        <div>{props.children}</div>
      </div>
    </header>
  )
}
