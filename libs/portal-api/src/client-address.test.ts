import { describe, expect, it } from 'vitest';
import { clientAddressOf, normalizeAddress, parseTrustProxy, requestHostOf, TRUST_NO_PROXY } from './client-address.js';

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default, a hop count, or a list of addresses', () => {
    expect(parseTrustProxy(undefined)).toEqual({ kind: 'none' });
    expect(parseTrustProxy('0')).toEqual({ kind: 'none' });
    expect(parseTrustProxy('1')).toEqual({ kind: 'hops', hops: 1 });
    expect(parseTrustProxy('10.0.0.5, ::1')).toEqual({ kind: 'addresses', addresses: new Set(['10.0.0.5', '::1']) });
    expect(() => parseTrustProxy('11')).toThrow(/1 to 10/);
    expect(() => parseTrustProxy('proxy.internal')).toThrow(/IP addresses/);
  });
});

describe('the client address', () => {
  it('is the socket peer when no proxy is trusted: a forged X-Forwarded-For is ignored', () => {
    expect(clientAddressOf('203.0.113.9', '10.9.9.9', TRUST_NO_PROXY)).toBe('203.0.113.9');
    expect(clientAddressOf('::ffff:203.0.113.9', null, TRUST_NO_PROXY)).toBe('203.0.113.9');
  });

  it('with one trusted hop, is the entry the proxy appended; entries the client wrote before it do not count', () => {
    const trust = parseTrustProxy('1');
    expect(clientAddressOf('10.0.0.5', '198.51.100.7', trust)).toBe('198.51.100.7');
    expect(clientAddressOf('10.0.0.5', '1.2.3.4, 5.6.7.8, 198.51.100.7', trust)).toBe('198.51.100.7');
    expect(clientAddressOf('10.0.0.5', null, trust)).toBe('10.0.0.5');
  });

  it('with listed proxies, is the nearest address no listed proxy claims', () => {
    const trust = parseTrustProxy('10.0.0.5,10.0.0.6');
    expect(clientAddressOf('10.0.0.5', 'forged, 198.51.100.7, 10.0.0.6', trust)).toBe('198.51.100.7');
    // A request that did not come through a listed proxy: its own header is not believed.
    expect(clientAddressOf('203.0.113.9', '198.51.100.7', trust)).toBe('203.0.113.9');
  });

  it('normalizes ports, brackets and IPv4-mapped IPv6', () => {
    expect(normalizeAddress('[2001:DB8::1]:443')).toBe('2001:db8::1');
    expect(normalizeAddress('198.51.100.7:5123')).toBe('198.51.100.7');
    expect(normalizeAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
  });
});

describe('the request host (for the CSRF check)', () => {
  it('is Host unless the peer is a trusted proxy', () => {
    expect(requestHostOf('203.0.113.9', 'portal.test', 'evil.example', TRUST_NO_PROXY)).toBe('portal.test');
    expect(requestHostOf('10.0.0.5', '10.0.0.20:3000', 'portal.example.com', parseTrustProxy('1'))).toBe('portal.example.com');
    expect(requestHostOf('10.0.0.5', '10.0.0.20:3000', 'portal.example.com, x', parseTrustProxy('10.0.0.5'))).toBe('portal.example.com');
    expect(requestHostOf('203.0.113.9', 'portal.test', 'evil.example', parseTrustProxy('10.0.0.5'))).toBe('portal.test');
  });
});
