import type { Payload, PayloadRequest } from 'payload'
import type { Order } from '../../payload-types'
import { DEFAULT_REVISIONS_INCLUDED } from './limits'

export type RevisionAllowance = { included: number; used: number; left: number }

/**
 * How many revisions an order includes and how many the customer has asked for. The number is
 * the one the package had when the order was placed (snapshot on the order, like its price: the
 * customer bought what was offered then); orders from before that snapshot read the package now.
 */
export async function revisionAllowance(payload: Payload, order: Order, req?: PayloadRequest): Promise<RevisionAllowance> {
  const [included, { totalDocs: used }] = await Promise.all([
    order.revisions_included ?? packageRevisions(payload, order.package, req),
    payload.count({ collection: 'revision-requests', where: { order: { equals: order.id } }, req }),
  ])
  return { included, used, left: Math.max(0, included - used) }
}

async function packageRevisions(payload: Payload, slug: string, req?: PayloadRequest): Promise<number> {
  const { docs } = await payload.find({ collection: 'packages', where: { slug: { equals: slug } }, limit: 1, depth: 0, req })
  return docs[0]?.revisions_included ?? DEFAULT_REVISIONS_INCLUDED
}
