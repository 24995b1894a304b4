import { addDataAndFileToRequest, type Endpoint } from 'payload'
import { isAdminUser } from '../../../src/auth/roles'
import { parseDocumentId } from '../../../src/http/document-id'
import { deliverSong } from '../../../src/orders/deliver-song'
import { answer } from '../../../src/http/answer'
import { refuse } from '../../../src/site/outcome'
import { idOf } from '../../../src/site/relation-id'

/** POST /api/cms/orders/{id}/deliver with `{ files: [audio ids], description }` (the seller): delivers the song. */
export const deliverSongEndpoint: Endpoint = {
  path: '/:id/deliver',
  method: 'post',
  handler: async (req) => {
    if (!isAdminUser(req.user)) return answer(refuse(req.user ? 403 : 401, 'Only the seller can deliver a song.'))
    try {
      await addDataAndFileToRequest(req)
    } catch {
      return answer(refuse(400, 'The body must be JSON: { "files": [ids], "description": "…" }.'))
    }
    const outcome = await deliverSong(req, parseDocumentId(String(req.routeParams?.id ?? '')), req.data)
    if (!outcome.ok) return answer(outcome)
    const { id, status, uploads } = outcome.value
    return Response.json(
      {
        id,
        status,
        uploads: (uploads ?? []).map((row) => ({ id: row.id, audio: idOf(row.audio), description: row.description })),
      },
      { status: 201 },
    )
  },
}
