import { answer, customerRoute } from '@/http/customer-route'
import { parseDocumentId } from '@/http/document-id'
import { readMultipartForm } from '@/http/multipart-form'
import { attachRecording, RECORDING_LIMITS } from '@/orders/recordings'

/** POST /api/orders/{id}/upload-audio/ with multipart file and description (spec section 7): 201 `{ id, file, description }`. */
export const POST = customerRoute<{ id: string }>(async (request, { payload, user }, { id }) =>
  answer(
    await attachRecording(payload, user, parseDocumentId(id), () => readMultipartForm(request, RECORDING_LIMITS.maxBytes)),
    201,
  ),
)
