import type { Access } from 'payload'

/**
 * Revision requests and gift links are created only by the order page's calls, which check the
 * order's owner, status and limits in one transaction; Payload's REST and the admin are no way
 * around that.
 */
export const madeOnOrderPage: Access = ({ req }) => req.context.orderPage === true
