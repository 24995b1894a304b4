/** Document ids are PostgreSQL `serial` integers. */
const MAX_DOCUMENT_ID = 2_147_483_647

/**
 * The numeric id in a URL segment, or null for anything else ("abc", "-1", "1.5", "007",
 * absurdly long numbers), so that a malformed id is a plain 404 and never reaches the database.
 */
export function parseDocumentId(segment: string): number | null {
  if (!/^[1-9][0-9]{0,9}$/.test(segment)) return null
  const id = Number(segment)
  return id <= MAX_DOCUMENT_ID ? id : null
}
