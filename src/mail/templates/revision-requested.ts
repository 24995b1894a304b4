import { formatDateTime } from '@/i18n/format-date'
import { composeMail, shopLink } from '../layout'
import type { MailTemplate } from '../template'
import { idOf } from '@/site/relation-id'

/**
 * A short note to the seller (German, their language) that a customer asked for a revision:
 * which order, which version, the wish itself, and where to deliver the new version.
 */
export const revisionRequested: MailTemplate = async (payload, { data }) => {
  if (typeof data.revision !== 'number') throw new Error('The mail names no revision request.')
  const revision = await payload.findByID({ collection: 'revision-requests', id: data.revision, depth: 0 })
  const orderId = idOf(revision.order)
  const facts: Array<[string, string]> = [
    ['Eingegangen am', formatDateTime(revision.createdAt, 'de')],
    ['Bestellung', `Nr. ${orderId}`],
    ['Zu Fassung', String(revision.delivery_version)],
  ]
  const blocks = [
    { paragraph: 'Ein Kunde wünscht sich eine Überarbeitung seines gelieferten Songs. Sein Wunsch:' },
    { preformatted: revision.message },
    { facts },
    { paragraph: 'Lade die neue Fassung in der Bestellung unter „Dateien“ hoch; der Kunde bekommt dann wieder die E-Mail „Dein Song ist fertig“.' },
    { button: { label: 'Bestellung öffnen', url: shopLink(`/admin/collections/orders/${orderId}`) } },
  ]
  return { subject: `Überarbeitung gewünscht – Bestellung Nr. ${orderId}`, ...composeMail({ locale: 'de', heading: 'Überarbeitung gewünscht', blocks }) }
}
