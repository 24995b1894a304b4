import { customerRoute } from '@/app/api/_adapters/customer-route'
import { parseDocumentId } from '@/http/document-id'
import { notFound } from '@/http/answer'
import { invoicePdfFor } from '@/invoices/invoice-file'

/** GET /api/invoices/{id}.pdf: an invoice as issued, for its customer and the seller only. */
export const GET = customerRoute<{ file: string }>(async (_request, { payload, user }, { file }) => {
  const id = parseDocumentId(file.replace(/\.pdf$/, ''))
  const invoice = id === null || !file.endsWith('.pdf') ? null : await invoicePdfFor(payload, user, id)
  if (!invoice) return notFound()
  return new Response(new Uint8Array(invoice.pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="Rechnung-${invoice.number}.pdf"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
})
