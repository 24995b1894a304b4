import type { Access, FieldAccess } from 'payload'

/** Written by the server alone (its Local API calls skip access checks); no caller may. */
export const nobody: Access = () => false

/** A field no caller reads or writes through the API, e.g. stored file bytes served by a route of their own. */
export const nobodyField: FieldAccess = () => false
