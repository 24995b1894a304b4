import { createHmac } from 'node:crypto'
import { BlockList, isIP } from 'node:net'

/**
 * The header in which our own server (scripts/serve.ts) passes the client's address to Next. The
 * server strips any incoming header of this name, so a client can never choose its own address.
 */
export const CLIENT_ADDRESS_HEADER = 'x-shop-client-address'

/** The caller's address, for rate limits: as derived by scripts/serve.ts from the TCP peer. */
export const clientAddress = (request: Request): string => addressFromHeaders(request.headers)

/**
 * The same, from the headers alone (inside Payload's hooks there is no web Request). 'unknown'
 * when the request did not pass our server (then every caller shares one bucket: safe, not open).
 */
export function addressFromHeaders(headers: Headers): string {
  return headers.get(CLIENT_ADDRESS_HEADER) || 'unknown'
}

/**
 * The address a rate limit keys a request by.
 * - `trustedHops` 0: the TCP peer; X-Forwarded-For is ignored (a client sets it freely).
 * - `trustedHops` N ≥ 1: N proxies of our own sit in front, each appending the address it saw, so
 *   the client is the Nth X-Forwarded-For entry from the right. A shorter chain (a request that
 *   passed fewer proxies) gives its leftmost entry, the farthest address any of our proxies
 *   recorded; no chain, or an entry that is no IP address, gives the TCP peer.
 * - `trustedProxies` (TRUSTED_PROXY_ADDRESSES): when set, X-Forwarded-For is believed only from a
 *   TCP peer among them; anyone else who reaches the shop directly is keyed by its own address.
 * IPv4-mapped IPv6 ("::ffff:1.2.3.4") becomes plain IPv4; IPv6 is keyed by its /64, because one
 * customer line usually owns a whole /64.
 */
export function deriveClientAddress(
  peer: string | undefined,
  forwardedFor: string | undefined,
  trustedHops: number,
  trustedProxies: BlockList | null = trustedProxiesFromEnvironment(),
): string {
  const fromPeer = normaliseAddress(peer ?? '') ?? 'unknown'
  if (!(trustedHops >= 1)) return fromPeer
  if (trustedProxies && !isTrustedPeer(peer, trustedProxies)) return fromPeer
  const chain = (forwardedFor ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  if (chain.length === 0) return fromPeer
  const entry = chain[Math.max(0, chain.length - Math.floor(trustedHops))]!
  return normaliseAddress(entry) ?? fromPeer
}

/**
 * TRUSTED_PROXY_ADDRESSES: comma-separated IP addresses and CIDR ranges ("10.0.0.0/8, 192.0.2.7,
 * 2001:db8::/32") of the proxies in front of the shop, or null when the text names none. Throws on
 * an entry that is neither, naming it: a typo must not silently trust everyone or no one.
 * Matched with Node's own net.BlockList (no CIDR arithmetic of ours).
 */
export function trustedProxyList(text: string | undefined): BlockList | null {
  const entries = (text ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  if (entries.length === 0) return null
  const list = new BlockList()
  for (const entry of entries) {
    const [address = '', prefix, ...rest] = entry.split('/')
    const version = isIP(address)
    const bits = prefix === undefined ? null : /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN
    const maxBits = version === 6 ? 128 : 32
    if (version === 0 || rest.length > 0 || (bits !== null && !(bits >= 0 && bits <= maxBits))) {
      throw new Error(`TRUSTED_PROXY_ADDRESSES: "${entry}" is no IP address or CIDR range (e.g. 10.0.0.0/8, 192.0.2.7, 2001:db8::/32).`)
    }
    const type = version === 6 ? 'ipv6' : 'ipv4'
    if (bits === null) list.addAddress(address, type)
    else list.addSubnet(address, bits, type)
  }
  return list
}

let fromEnvironment: { text: string | undefined; list: BlockList | null } | undefined

/** The list TRUSTED_PROXY_ADDRESSES names (read once; scripts/lib/env.ts refuses a bad one at start). */
export function trustedProxiesFromEnvironment(): BlockList | null {
  const text = process.env.TRUSTED_PROXY_ADDRESSES
  if (!fromEnvironment || fromEnvironment.text !== text) fromEnvironment = { text, list: trustedProxyList(text) }
  return fromEnvironment.list
}

/** Whether the TCP peer is one of the trusted proxies (an IPv4-mapped IPv6 peer as its IPv4 address). */
function isTrustedPeer(peer: string | undefined, proxies: BlockList): boolean {
  const address = (peer ?? '').trim().replace(/%.*$/, '')
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i.exec(address)
  const plain = mapped ? mapped[1]! : address
  const version = isIP(plain)
  return version !== 0 && proxies.check(plain, version === 6 ? 'ipv6' : 'ipv4')
}

/** An address in the form rate limits key it by, or undefined when it is no IP address. */
export function normaliseAddress(raw: string): string | undefined {
  let address = raw.trim()
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address) // "[2001:db8::1]:443"
  if (bracketed) address = bracketed[1]!
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':')) // "1.2.3.4:5678"
  address = address.replace(/%.*$/, '') // zone index "fe80::1%eth0"
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i.exec(address)
  if (mapped) address = mapped[1]!
  const version = isIP(address)
  if (version === 4) return address
  if (version === 6) return `${expandIPv6(address).slice(0, 4).join(':')}::/64`
  return undefined
}

/** The eight 16-bit groups of a valid IPv6 address, lower-case, without leading zeros. */
function expandIPv6(address: string): string[] {
  let text = address.toLowerCase()
  const dotted = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text) // "::1.2.3.4" tails
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number]
    text = text.slice(0, dotted.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined]
  const headGroups = head ? head.split(':') : []
  const tailGroups = tail ? tail.split(':') : []
  const zeros = tail === undefined ? [] : Array(8 - headGroups.length - tailGroups.length).fill('0')
  return [...headGroups, ...zeros, ...tailGroups].map((group) => parseInt(group, 16).toString(16))
}

/** A keyed hash of a client address (the payload secret keys it), so rate limits store no raw IP. */
export const addressFingerprint = (clientAddress: string, secret: string): string =>
  createHmac('sha256', secret).update(clientAddress).digest('hex').slice(0, 32)
