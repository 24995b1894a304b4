import { findGift } from '@/gifts/find-gift'
import { giftAudioFile } from '@/gifts/gift-audio'
import { fileResponse } from '@/http/file-response'
import { internalError, notFound } from '@/http/answer'
import { payloadClient } from '@/site/payload'
import { fileStore } from '@/storage/file-store'

export const dynamic = 'force-dynamic'

type Context = { params: Promise<{ token: string }> }

/**
 * GET/HEAD /api/gifts/{token}/audio: the song of a gift page as the tag-free MP3 of the downloads,
 * for anyone with the link, with Range like /media; 404 once revoked.
 */
async function giftAudio(request: Request, { params }: Context): Promise<Response> {
  try {
    const gift = await findGift(await payloadClient(), (await params).token, 'de')
    const file = gift && (await giftAudioFile(gift))
    const response =
      file && (await fileResponse(request, await fileStore().open('mp3', file.name), { contentType: file.contentType, cacheControl: 'private, no-store' }))
    if (!response) return notFound()
    // The link is the permission: keep it out of other sites' logs.
    response.headers.set('Referrer-Policy', 'no-referrer')
    response.headers.set('X-Robots-Tag', 'noindex')
    return response
  } catch (error) {
    return internalError(error, `${request.method} /api/gifts/…/audio`)
  }
}

export const GET = giftAudio
export const HEAD = giftAudio
