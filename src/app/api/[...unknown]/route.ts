import { jsonError } from '@/http/json-error'

/** Unknown API paths answer in JSON like the rest of the API, whatever the method. */
const unknownPath = () => jsonError(404, 'Not found.')

export { unknownPath as GET, unknownPath as POST, unknownPath as PUT, unknownPath as PATCH, unknownPath as DELETE }
