/**
 * The shop's public origin, for every absolute URL (sitemap, robots, Open Graph, mails): always
 * PUBLIC_URL, never the request's Host or X-Forwarded-Host (a client sets those freely, and a
 * cache or a mail would carry the forged host on). scripts/start.ts sets PUBLIC_URL (default
 * http://localhost:PORT on the embedded database; required with DATABASE_URL).
 */
export function publicOrigin(): string {
  return new URL(process.env.PUBLIC_URL || `http://localhost:${process.env.PORT || 3000}`).origin
}

/** Whether a URL's hostname (as `new URL(…).hostname` writes it) names this machine's loopback interface: localhost, 127.0.0.0/8, [::1]. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase()
  return host === 'localhost' || host === '[::1]' || /^127(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(host)
}

/** The names a browser on the shop's own machine reaches a loopback shop by. */
const LOOPBACK_ALIASES = ['localhost', '127.0.0.1', '[::1]']

/**
 * The origins whose pages are the shop's own (the same-origin write guard, Payload's csrf list):
 * the public origin and, while it is a loopback one (PUBLIC_URL unset or local, as on a
 * newcomer's `npm start`, which prints http://localhost:3000), its loopback aliases with the same
 * scheme and port: one who opens http://127.0.0.1:3000 or http://[::1]:3000 can log in too. They
 * reach the same server from the same machine only. A real PUBLIC_URL stays the only one.
 */
export function ownOrigins(): string[] {
  const origin = publicOrigin()
  const url = new URL(origin)
  if (!isLoopbackHost(url.hostname)) return [origin]
  const aliases = LOOPBACK_ALIASES.map((host) => Object.assign(new URL(origin), { hostname: host }).origin)
  return [...new Set([origin, ...aliases])]
}
