import type { Access } from 'payload'

/** The request context the withdrawal form's handler sets; Payload's REST cannot set it. */
export const WITHDRAWAL_FORM_CONTEXT = 'withdrawalForm'

/**
 * A withdrawal is a customer's declaration: it is created only by POST /api/withdrawals/, which
 * validates, rate-limits, stamps the time of receipt and mails the confirmation in the same
 * transaction. Nobody, the seller included, creates one through Payload's REST or the admin.
 */
export const sentThroughWithdrawalForm: Access = ({ req }) => req.context?.[WITHDRAWAL_FORM_CONTEXT] === true
