import type { Payload, TypedUser } from 'payload'
import { lastBilling } from '@/orders/last-billing'

export type OwnOrderChoice = { id: number; createdAt: string; package: string; packageName: string | null }

/** What the form knows of a logged-in customer: name (last invoice name, else username), e-mail, their orders. */
export type WithdrawalPrefill = { name: string; email: string; orders: OwnOrderChoice[] }

/** At most this many of the customer's most recent orders are offered to choose from; any other number can be typed. */
const ORDERS_OFFERED = 50

export async function withdrawalPrefill(payload: Payload, customer: TypedUser): Promise<WithdrawalPrefill> {
  const [billing, { docs }] = await Promise.all([
    lastBilling(payload, customer),
    payload.find({
      collection: 'orders',
      where: { customer: { equals: customer.id } },
      sort: ['-createdAt', '-id'],
      limit: ORDERS_OFFERED,
      depth: 0,
      select: { createdAt: true, package: true, package_name: true },
      user: customer,
      overrideAccess: false,
    }),
  ])
  return {
    name: billing.name || customer.username || '',
    email: customer.email ?? '',
    orders: docs.map((order) => ({ id: order.id, createdAt: order.createdAt, package: order.package, packageName: order.package_name ?? null })),
  }
}
