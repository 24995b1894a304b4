/**
 * The shop's public origin, for every absolute URL (sitemap, robots, Open Graph, mails): always
 * PUBLIC_URL, never the request's Host or X-Forwarded-Host (a client sets those freely, and a
 * cache or a mail would carry the forged host on). scripts/start.ts sets PUBLIC_URL (default
 * http://localhost:PORT on the embedded database; required with DATABASE_URL).
 */
export function publicOrigin(): string {
  return new URL(process.env.PUBLIC_URL || `http://localhost:${process.env.PORT || 3000}`).origin
}
