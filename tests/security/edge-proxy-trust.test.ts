import { deriveClientAddress, trustedProxyList } from '../../src/http/client-address'

/**
 * TRUSTED_PROXY_HOPS ≥ 1 believes X-Forwarded-For. When the shop can also be reached directly
 * (not only through its proxy), any client could send that header and choose the address its rate
 * limits count. TRUSTED_PROXY_ADDRESSES (IPs and CIDR ranges) names the proxies: the header is
 * believed only from a TCP peer among them; from anyone else the peer itself is the client.
 */

describe('TRUSTED_PROXY_ADDRESSES: X-Forwarded-For only from our own proxies', () => {
  const proxies = trustedProxyList('10.0.0.0/8, 192.168.1.5,2001:db8:aa::/48')!

  it('believes the header from a peer inside a trusted range or equal to a trusted address', () => {
    expect(deriveClientAddress('10.1.2.3', '198.51.100.1', 1, proxies)).toBe('198.51.100.1')
    expect(deriveClientAddress('192.168.1.5', '6.6.6.6, 198.51.100.2', 1, proxies)).toBe('198.51.100.2')
    expect(deriveClientAddress('2001:db8:aa:1::9', '198.51.100.3', 1, proxies)).toBe('198.51.100.3')
  })

  it('recognises an IPv4 proxy that arrives as IPv4-mapped IPv6 (a dual-stack socket)', () => {
    expect(deriveClientAddress('::ffff:10.0.0.2', '198.51.100.4', 1, proxies)).toBe('198.51.100.4')
  })

  it('ignores the header from any other peer: the peer is the client', () => {
    expect(deriveClientAddress('203.0.113.7', '198.51.100.1', 1, proxies)).toBe('203.0.113.7')
    expect(deriveClientAddress('192.168.1.6', '198.51.100.1', 1, proxies)).toBe('192.168.1.6')
    expect(deriveClientAddress('11.0.0.1', '198.51.100.1', 2, proxies)).toBe('11.0.0.1')
    expect(deriveClientAddress('2001:db8:ab::1', '198.51.100.1', 1, proxies)).toBe('2001:db8:ab:0::/64')
    expect(deriveClientAddress(undefined, '198.51.100.1', 1, proxies)).toBe('unknown')
  })

  it('changes nothing when unset (every peer counts as a proxy, as before) or with 0 hops', () => {
    expect(trustedProxyList(undefined)).toBeNull()
    expect(trustedProxyList('  ')).toBeNull()
    expect(deriveClientAddress('203.0.113.7', '198.51.100.1', 1, null)).toBe('198.51.100.1')
    expect(deriveClientAddress('10.1.2.3', '198.51.100.1', 0, proxies)).toBe('10.1.2.3')
  })

  it('refuses a list with an entry that is no address or range, naming the entry', () => {
    expect(() => trustedProxyList('10.0.0.0/8, proxy.example.com')).toThrow(/proxy\.example\.com/)
    expect(() => trustedProxyList('10.0.0.0/33')).toThrow(/10\.0\.0\.0\/33/)
    expect(() => trustedProxyList('2001:db8::/129')).toThrow(/2001:db8::\/129/)
    expect(() => trustedProxyList('10.0.0.1/')).toThrow(/10\.0\.0\.1\//)
  })
})
