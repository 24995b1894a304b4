/** Content-Disposition for a name that may hold non-ASCII letters (RFC 6266 with RFC 8187's filename*). */
export function attachment(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '')
    .replace(/\s+/g, '-')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}
