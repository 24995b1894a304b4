import { authenticate } from '@/auth/authenticate'
import { answer, internalError, notFound } from '@/http/answer'
import { parseDocumentId } from '@/http/document-id'
import { ifNoneMatchHolds } from '@/http/etag'
import { peaksCacheControl, readPeaks } from '@/player/read-peaks'
import { payloadClient } from '@/site/payload'

export const dynamic = 'force-dynamic'

type Context = { params: Promise<{ id: string }> }

/**
 * GET /api/audio/{id}/peaks/: `{ "peaks": [...] }`, the waveform of an audio file the caller may
 * hear (src/player/read-peaks.ts); 404 with `detail` for a malformed id, a file the caller may
 * not hear, and while the peaks are not computed yet (`code: "peaks_pending"`).
 */
export async function GET(request: Request, { params }: Context): Promise<Response> {
  try {
    const id = parseDocumentId((await params).id)
    if (id === null) return notFound()
    const payload = await payloadClient()
    const outcome = await readPeaks(payload, await authenticate(payload, request.headers), id)
    if (!outcome.ok) return answer(outcome)
    const etag = `"${outcome.value.version}"`
    const headers = { 'Cache-Control': peaksCacheControl(outcome.value, new URL(request.url).searchParams.get('v')), ETag: etag }
    if (ifNoneMatchHolds(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers })
    return Response.json({ peaks: outcome.value.peaks }, { headers })
  } catch (error) {
    return internalError(error, 'GET /api/audio/…/peaks/')
  }
}
