import type { Access, FieldAccess, RequestContext } from 'payload'
import { isAdminUser } from '../../src/auth/roles'

const throughRecordingUpload = (context: RequestContext) => context.recordingUpload === true

/**
 * Audio files: the seller uploads anything; a customer only a voice recording through
 * /api/orders/{id}/upload-audio/, which checks size, content and the order first.
 */
export const adminOrRecordingUpload: Access = ({ req }) => isAdminUser(req.user) || throughRecordingUpload(req.context)

/** An order's uploads: the seller edits them; the recording upload appends the customer's file. */
export const adminOrRecordingUploadField: FieldAccess = ({ req }) => isAdminUser(req.user) || throughRecordingUpload(req.context)
