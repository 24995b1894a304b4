import type { Access } from 'payload'

/** The request context the order page's handlers set (src/revisions, src/gifts); Payload's REST cannot set it. */
export const ORDER_PAGE_CONTEXT = 'orderPage'

/**
 * Revision requests and gift links are created only by the order page's calls, which check the
 * order's owner, status and limits in one transaction; Payload's REST and the admin are no way
 * around that.
 */
export const madeOnOrderPage: Access = ({ req }) => req.context?.[ORDER_PAGE_CONTEXT] === true
