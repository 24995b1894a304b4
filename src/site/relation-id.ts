/**
 * The id of a relationship's value, whether Payload handed over the related document (read with
 * depth) or only its id (depth 0); null when there is none. Stripe's expandable fields have the
 * same shape (an id, or the object).
 */
export function idOf<Id extends number | string>(value: Id | { id: Id }): Id
export function idOf<Id extends number | string>(value: Id | { id: Id } | null | undefined): Id | null
export function idOf<Id extends number | string>(value: Id | { id: Id } | null | undefined): Id | null {
  if (value === null || value === undefined) return null
  return typeof value === 'object' ? value.id : value
}
