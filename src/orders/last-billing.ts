import type { Payload, TypedUser } from 'payload'

/** The invoice name and address of the customer's most recent order, to prefill the next one. */
export async function lastBilling(payload: Payload, customer: TypedUser): Promise<{ name: string; address: string }> {
  const { docs } = await payload.find({
    collection: 'orders',
    where: { customer: { equals: customer.id } },
    sort: '-createdAt',
    limit: 1,
    depth: 0,
    select: { billing_name: true, billing_address: true },
    user: customer,
    overrideAccess: false,
  })
  return { name: docs[0]?.billing_name ?? '', address: docs[0]?.billing_address ?? '' }
}
