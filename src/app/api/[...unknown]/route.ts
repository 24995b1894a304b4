import { jsonError } from '@/http/answer'
import { sameOriginWrites } from '@/app/api/_adapters/write-guard'

/** Unknown API paths answer in JSON like the rest of the API, whatever the method. */
const unknownPath = () => jsonError(404, 'Not found.')
const unknownWrite = sameOriginWrites(unknownPath)

export { unknownPath as GET, unknownWrite as POST, unknownWrite as PUT, unknownWrite as PATCH, unknownWrite as DELETE }
