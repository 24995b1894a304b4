import type { ServerFieldBase } from 'payload'
import { adminT } from '../admin-i18n'
import { idOf } from '@/site/relation-id'
import type { Order } from '../../../../payload-types'

/** In the order view: the invoice and a cancellation invoice as PDF links (GET /api/invoices/{id}.pdf). */
export async function InvoiceLinksField({ data, i18n, payload, req }: ServerFieldBase) {
  const t = adminT(i18n)
  const wanted = [
    { id: idOf(data?.invoice as Order['invoice']), title: t('shop:invoice') },
    { id: idOf(data?.cancellation_invoice as Order['cancellation_invoice']), title: t('shop:cancellationInvoice') },
  ].filter((entry): entry is { id: number; title: string } => entry.id !== null)
  const { docs } = wanted.length
    ? await payload.find({
        collection: 'invoices',
        where: { id: { in: wanted.map((entry) => entry.id) } },
        select: { number: true },
        depth: 0,
        user: req.user,
        overrideAccess: false,
        req,
      })
    : { docs: [] }
  const numbers = new Map(docs.map((doc) => [doc.id, doc.number]))
  return (
    <div className="shop-invoices field-type">
      <span className="shop-read-only__label">{t('shop:invoices')}</span>
      {wanted.length === 0 ? (
        <p className="shop-hint">{t('shop:noInvoice')}</p>
      ) : (
        <ul>
          {wanted.map((entry) => (
            <li key={entry.id}>
              <a href={`/api/invoices/${entry.id}.pdf`} target="_blank" rel="noreferrer">
                {entry.title} {numbers.get(entry.id) ?? ''} (PDF)
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
