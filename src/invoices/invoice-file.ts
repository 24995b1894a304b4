import type { Payload, TypedUser } from 'payload'

/** An invoice's PDF as issued, if the caller may see the invoice (its customer, or the seller). */
export async function invoicePdfFor(payload: Payload, viewer: TypedUser, invoiceId: number): Promise<{ number: string; pdf: Buffer } | null> {
  // Read as the viewer first, so the invoices collection's access rules decide ...
  const { docs } = await payload.find({
    collection: 'invoices',
    where: { id: { equals: invoiceId } },
    limit: 1,
    depth: 0,
    select: { number: true },
    user: viewer,
    overrideAccess: false,
  })
  if (!docs[0]) return null
  // ... then take the stored bytes, a field no API caller reads directly.
  const stored = await payload.findByID({ collection: 'invoices', id: invoiceId, depth: 0, select: { pdf: true } })
  return { number: docs[0].number, pdf: Buffer.from(stored.pdf, 'base64') }
}
