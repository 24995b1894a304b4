import type { Payload, TypedUser } from 'payload'
import { notFound, redirect } from 'next/navigation'
import { currentUser } from './current-user'
import { parseDocumentId } from '@/http/document-id'

/**
 * The start of a page that shows one record of the visitor's own (an order, a purchase; any of
 * them for the seller): the login first, then the record by the id in the path, read by `find`
 * with the visitor's rights; a malformed id, another customer's record and a missing one all end
 * in the same 404, so the page tells nobody which records exist.
 */
export async function ownRecordForPage<Found>(
  payload: Payload,
  params: Promise<{ id: string }>,
  find: (viewer: TypedUser, id: number) => Promise<Found | null>,
): Promise<{ user: TypedUser; record: Found }> {
  const [user, { id }] = await Promise.all([currentUser(payload), params])
  if (!user) redirect('/login')
  const recordId = parseDocumentId(id)
  const record = recordId === null ? null : await find(user, recordId)
  if (!record) notFound()
  return { user, record }
}
