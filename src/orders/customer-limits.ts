/** A positive whole number from the environment, or the default when unset or not such a number. */
function positiveIntegerFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name])
  return Number.isInteger(value) && value > 0 ? value : fallback
}

/**
 * What one customer account may hold, so that nobody fills the shop's disk and database for free.
 * Read on every call, so a changed environment takes effect at the next start of the server.
 */
export const customerLimits = () => ({
  /** Orders placed but not paid yet (status pending_payment). */
  openUnpaidOrders: positiveIntegerFromEnv('MAX_OPEN_UNPAID_ORDERS', 5),
  /** Bytes of voice recordings across all the customer's orders. */
  recordingBytes: positiveIntegerFromEnv('MAX_RECORDING_MB_PER_CUSTOMER', 100) * 1024 * 1024,
})
