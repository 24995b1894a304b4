/** An inclusive byte range of a file, as in `Content-Range: bytes start-end/size`. */
export type ByteRange = { start: number; end: number }

/**
 * The part of a file of `size` bytes that a `Range` header asks for (RFC 9110 §14):
 * - null: send the whole file (no header, a malformed one, another unit, or several ranges,
 *   which the RFC lets a server answer in full),
 * - 'unsatisfiable': answer 416,
 * - otherwise the range, clamped to the file ("bytes=0-", "bytes=-500" and "bytes=100-999999" work).
 */
export function requestedByteRange(rangeHeader: string | null, size: number): ByteRange | 'unsatisfiable' | null {
  const match = rangeHeader ? /^bytes=(\d*)-(\d*)$/.exec(rangeHeader.trim()) : null
  if (!match) return null
  const [, first = '', last = ''] = match
  if (first === '' && last === '') return null

  if (first === '') {
    const suffixLength = Number(last)
    if (suffixLength === 0 || size === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffixLength), end: size - 1 }
  }
  const start = Number(first)
  if (last !== '' && Number(last) < start) return null // an invalid range-spec is ignored, not refused
  if (start >= size) return 'unsatisfiable'
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) }
}
