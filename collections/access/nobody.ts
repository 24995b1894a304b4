import type { Access, FieldAccess } from 'payload'

/** Written by the server alone (its Local API calls skip access checks); no caller may. */
export const nobody: Access = () => false

/** A field no caller reads or writes through the API, e.g. stored file bytes served by a route of their own. */
export const nobodyField: FieldAccess = () => false

/**
 * A field the server's own code writes (hooks, Stripe's webhook) and no caller sets, on create or
 * later, the seller included, e.g. what an order sold, was paid and invoiced; readable as usual.
 * Payload keeps the stored value when a form sends the field back.
 */
export const writtenByServer: { create: FieldAccess; update: FieldAccess } = { create: nobodyField, update: nobodyField }
