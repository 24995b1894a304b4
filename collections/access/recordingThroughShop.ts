import type { Access, FieldAccess } from 'payload'
import { isAdminUser } from './roles'

/** The request context the storefront's recording upload sets; Payload's REST cannot set it. */
export const RECORDING_UPLOAD_CONTEXT = 'recordingUpload'

const throughRecordingUpload = (context: Record<string, unknown> | undefined) => context?.[RECORDING_UPLOAD_CONTEXT] === true

/**
 * Audio files: the seller uploads anything; a customer only a voice recording through
 * /api/orders/{id}/upload-audio/, which checks size, content and the order first.
 */
export const adminOrRecordingUpload: Access = ({ req }) => isAdminUser(req.user) || throughRecordingUpload(req.context)

/** An order's uploads: the seller edits them; the recording upload appends the customer's file. */
export const adminOrRecordingUploadField: FieldAccess = ({ req }) => isAdminUser(req.user) || throughRecordingUpload(req.context)
