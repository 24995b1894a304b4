import { customerRoute } from '@/app/api/_adapters/customer-route'
import { answer } from '@/http/answer'
import { parseDocumentId } from '@/http/document-id'
import { receiveUpload } from '@/http/multipart-upload'
import { attachRecording, RECORDING_TOO_LARGE } from '@/orders/recordings'
import { RECORDING_LIMITS } from '@/rules/limits'

/** POST /api/orders/{id}/upload-audio/ with multipart file and description (spec section 7): 201 `{ id, file, description }`. */
export const POST = customerRoute<{ id: string }>(async (request, { payload, user }, { id }) =>
  answer(
    await attachRecording(payload, user, parseDocumentId(id), () =>
      receiveUpload(request, { fileField: 'file', maxFileBytes: RECORDING_LIMITS.maxBytes, fileTooLarge: RECORDING_TOO_LARGE }),
    ),
    201,
  ),
)
