import type { ListedOrder } from '@/orders/serialize'
import styles from './OrderUploads.module.css'

/**
 * An order's files with a player each: the customer's own recording under its fixed caption,
 * the seller's deliveries under their own words (on the account cards and the order page).
 */
export function OrderUploads({ uploads, labels }: { uploads: ListedOrder['uploads']; labels: { recording: string; delivery: string } }) {
  return (
    <ul className={styles.uploads} role="list">
      {uploads.map((upload) => {
        const caption = upload.kind === 'recording' ? labels.recording : upload.description || labels.delivery
        return (
          <li key={upload.id}>
            <span>{caption}</span>
            <audio controls preload="metadata" src={upload.file ?? undefined} aria-label={caption} />
          </li>
        )
      })}
    </ul>
  )
}
