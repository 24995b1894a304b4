import { oembedFor } from '@/embed/oembed'
import { answer, internalError, jsonError } from '@/http/answer'
import { payloadClient } from '@/site/payload'

export const dynamic = 'force-dynamic'

/**
 * GET /api/oembed?url=…&format=json[&maxwidth=…&maxheight=…]: oEmbed for albums and tracks of this
 * shop (src/embed/oembed.ts). JSON only: any other format is 501, as oEmbed asks of a provider.
 */
export async function GET(request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams
  const format = params.get('format')
  if (format !== null && format !== 'json') return jsonError(501, 'Only format=json is offered.', { field: 'format' })
  try {
    const outcome = await oembedFor(await payloadClient(), { url: params.get('url'), maxwidth: params.get('maxwidth'), maxheight: params.get('maxheight') })
    if (!outcome.ok) return answer(outcome)
    return Response.json(outcome.value, { headers: { 'Cache-Control': 'public, no-cache' } })
  } catch (error) {
    return internalError(error, 'GET /api/oembed')
  }
}
