import { authenticate } from '@/auth/authenticate'
import { internalError } from '@/http/answer'
import { serveLibraryDownload } from '@/library/serve-library-download'
import { payloadClient } from '@/site/payload'

export const dynamic = 'force-dynamic'

type Context = { params: Promise<{ kind: string; id: string; format: string }> }

/** GET /api/library/download/{kind}/{id}/{format}/?r&e&s: a signed download of the customers' music (src/library/download-link.ts). */
async function download(request: Request, { params }: Context): Promise<Response> {
  try {
    const payload = await payloadClient()
    const user = await authenticate(payload, request.headers)
    return await serveLibraryDownload(payload, request, user, { ...(await params), search: new URL(request.url).searchParams })
  } catch (error) {
    return internalError(error, `${request.method} /api/library/download/`)
  }
}

export const GET = download
export const HEAD = download
