import { serveDownload } from '@/downloads/serve-download'
import { internalError } from '@/http/answer'
import { payloadClient } from '@/site/payload'
import { authenticate } from '@/auth/authenticate'

export const dynamic = 'force-dynamic'

type Context = { params: Promise<{ audio: string; format: string }> }

/** GET /api/downloads/{audio}/{format}/?u&e&s: a signed download link (src/downloads/signed-link.ts), for the logged-in customer it was made for. */
async function download(request: Request, { params }: Context): Promise<Response> {
  try {
    const payload = await payloadClient()
    const user = await authenticate(payload, request.headers)
    return await serveDownload(payload, request, user, { ...(await params), search: new URL(request.url).searchParams })
  } catch (error) {
    return internalError(error, `${request.method} /api/downloads/`)
  }
}

export const GET = download
export const HEAD = download
