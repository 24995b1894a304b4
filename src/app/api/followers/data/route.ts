import { followerOfToken } from '@/followers/follow'
import { followerData } from '@/gdpr/follower-data'
import { internalError, jsonError } from '@/http/answer'
import { payloadClient } from '@/site/payload'

/** GET /api/followers/data/?t=…: what is stored about the follower of the signed token (Art. 15 GDPR), as a JSON file. */
export async function GET(request: Request): Promise<Response> {
  try {
    const follower = await followerOfToken(await payloadClient(), new URL(request.url).searchParams.get('t'))
    if (!follower) return jsonError(404, 'This link is not valid (any more).')
    return new Response(JSON.stringify(followerData(follower), null, 2), {
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Content-Disposition': 'attachment; filename="follower-data.json"', 'Cache-Control': 'no-store' },
    })
  } catch (error) {
    return internalError(error, 'GET /api/followers/data/')
  }
}
