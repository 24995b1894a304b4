import { draftMode } from 'next/headers'
import { currentUser } from '@/auth/current-user'
import { isAdminUser } from '@/auth/roles'
import { jsonError } from '@/http/answer'
import { isPreviewablePage } from '@/site/routes'
import { payloadClient } from '@/site/payload'

export const dynamic = 'force-dynamic'

/**
 * GET /api/preview/?path=/music-group/12: the admin's "Vorschau" link. Switches the seller's
 * browser into Next's draft mode and opens the page, which then shows the newest draft of an
 * album, single, playlist or news item, also one not published yet. Only for the logged-in seller.
 */
export async function GET(request: Request): Promise<Response> {
  const path = new URL(request.url).searchParams.get('path') ?? ''
  if (!isPreviewablePage(path)) return jsonError(400, 'path must be a page of an album, single, playlist or news item, e.g. /music-group/12.')
  if (!isAdminUser(await currentUser(await payloadClient()))) return jsonError(403, 'Only the seller can preview unpublished pages.')
  ;(await draftMode()).enable()
  return new Response(null, { status: 307, headers: { Location: path, 'Cache-Control': 'no-store' } })
}
