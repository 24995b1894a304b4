import { deriveClientAddress, normaliseAddress } from '../../src/http/client-address'

describe('deriveClientAddress (the address every rate limit keys by)', () => {
  it('with 0 trusted hops uses the TCP peer and ignores X-Forwarded-For', () => {
    expect(deriveClientAddress('203.0.113.7', '198.51.100.1', 0)).toBe('203.0.113.7')
    expect(deriveClientAddress('203.0.113.7', undefined, 0)).toBe('203.0.113.7')
  })

  it('with 1 trusted hop takes the last X-Forwarded-For entry (what our proxy appended)', () => {
    expect(deriveClientAddress('10.0.0.2', '6.6.6.6, 198.51.100.1', 1)).toBe('198.51.100.1')
  })

  it('with 2 trusted hops takes the second entry from the right', () => {
    expect(deriveClientAddress('10.0.0.2', 'forged, 198.51.100.1, 10.0.0.9', 2)).toBe('198.51.100.1')
  })

  it('with a chain shorter than the hops takes its leftmost entry, with none the peer', () => {
    expect(deriveClientAddress('10.0.0.2', '198.51.100.1', 3)).toBe('198.51.100.1')
    expect(deriveClientAddress('10.0.0.2', '', 1)).toBe('10.0.0.2')
    expect(deriveClientAddress('10.0.0.2', undefined, 2)).toBe('10.0.0.2')
  })

  it('falls back to the peer when the chosen entry is no IP address', () => {
    expect(deriveClientAddress('10.0.0.2', '198.51.100.1, not-an-ip', 1)).toBe('10.0.0.2')
    expect(deriveClientAddress('10.0.0.2', '198.51.100.1, 999.1.1.1', 1)).toBe('10.0.0.2')
    expect(deriveClientAddress('10.0.0.2', ' , ,', 1)).toBe('10.0.0.2')
  })

  it('turns IPv4-mapped IPv6 into IPv4, from the peer and from the chain', () => {
    expect(deriveClientAddress('::ffff:127.0.0.1', undefined, 0)).toBe('127.0.0.1')
    expect(deriveClientAddress('::ffff:10.0.0.2', '::FFFF:198.51.100.1', 1)).toBe('198.51.100.1')
  })

  it('keys IPv6 clients by their /64', () => {
    const one = deriveClientAddress('2001:db8:1:2:aaaa::1', undefined, 0)
    const sameNet = deriveClientAddress('2001:0db8:0001:0002:ffff:ffff:ffff:ffff', undefined, 0)
    expect(one).toBe('2001:db8:1:2::/64')
    expect(sameNet).toBe(one)
    expect(deriveClientAddress('2001:db8:1:3::1', undefined, 0)).not.toBe(one)
    expect(deriveClientAddress('::1', undefined, 0)).toBe('0:0:0:0::/64')
  })

  it('reads proxy forms with ports and brackets', () => {
    expect(normaliseAddress('198.51.100.1:4711')).toBe('198.51.100.1')
    expect(normaliseAddress('[2001:db8::5]:443')).toBe('2001:db8:0:0::/64')
    expect(normaliseAddress('unknown')).toBeUndefined()
  })
})
