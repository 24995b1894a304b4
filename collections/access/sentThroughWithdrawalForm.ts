import type { Access } from 'payload'

/**
 * A withdrawal is a customer's declaration: it is created only by POST /api/withdrawals/, which
 * validates, rate-limits, stamps the time of receipt and mails the confirmation in the same
 * transaction. Nobody, the seller included, creates one through Payload's REST or the admin.
 */
export const sentThroughWithdrawalForm: Access = ({ req }) => req.context.withdrawalForm === true
