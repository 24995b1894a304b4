/**
 * The one typed request context (Payload's `req.context`, declared as its docs show). The shop's
 * own server code sets these flags when it calls the Local API; access rules and hooks read them.
 * Payload's REST never sets them, so a flag is proof that the call came through the shop's code.
 */
declare module 'payload' {
  export interface RequestContext {
    /** The checkout's order placement (src/orders/place-order.ts): the only way an order is created. */
    orderForm?: boolean
    /** The order page's calls (confirm, revision, gift link, payment), which check owner and status first. */
    orderPage?: boolean
    /** The recording upload of the wizard or the order page. */
    recordingUpload?: boolean
    /** The storefront's registration (src/auth/accounts.ts). */
    registrationForm?: boolean
    /** The contact form (src/contact). */
    contactForm?: boolean
    /** The withdrawal form (src/withdrawals). */
    withdrawalForm?: boolean
    /** The seller's GDPR erasure, which may empty a customer's recordings. */
    customerErasure?: boolean
    /** The storefront's password reset, the only caller of Payload's forgot/reset operations. */
    passwordResetRequest?: boolean
    /** The waveform job's write of an audio file's peaks (src/player/peaks-task.ts): no new file, no new job. */
    peaksUpdate?: boolean
    /** Changes made without mailing the customer (the demo seed). */
    noMail?: boolean
    /** Who changes an order's status, when the server's own code names it (Stripe's webhook, the seed). */
    statusActor?: StatusActor
    /** Which confirmation mail the users collection sends after the change (its own hooks only). */
    confirmationMail?: 'welcome' | 'confirm-email'
    /** A check of the current password through Payload's login (src/auth/password-check.ts): no login, so the login limits leave it alone. */
    passwordCheck?: boolean
    /** A login attempt's counted rate-limit hits (the users collection's login hooks only). */
    loginAttempt?: { hitIds: number[]; userId: number | string | null }
    /** A login through the users' login endpoint, which ends the transaction its hook opens (collections/Users/endpoints/sessionWrites.ts). */
    serialisedLogin?: boolean
    /** What a serialised login does once its transaction has ended (collections/Users/hooks/limitLogins.ts). */
    afterSessionWrite?: () => Promise<void>
  }
}

/** Who may take a status step: the customer, the seller, or Stripe's webhook. */
export type StatusActor = 'customer' | 'seller' | 'stripe'
