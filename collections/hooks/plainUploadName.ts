import type { CollectionBeforeOperationHook } from 'payload'

/**
 * Stores an upload under a plain name (letters, digits, dot, dash, underscore; no "..", no leading
 * dot), whatever the browser sent: Payload already drops path separators, but a name like
 * "..%2f..%2fx.wav" would be kept as is, and /media/… refuses to serve names with "..".
 */
export const plainUploadName: CollectionBeforeOperationHook = ({ args, operation }) => {
  const file = args.req?.file
  if ((operation === 'create' || operation === 'update') && file?.name) {
    const plain = file.name
      .replace(/[^\w.-]+/g, '-')
      .replace(/\.{2,}/g, '.')
      .replace(/^[.-]+/, '')
    file.name = plain || 'upload'
  }
  return args
}
