import { isIP } from 'node:net';

/**
 * The header the portal's server sets to the TCP peer's address of each request, overwriting any
 * copy a client sent (route handlers see only a Fetch `Request`, without the socket).
 */
export const PEER_ADDRESS_HEADER = 'x-washops-peer-address';

/**
 * Which proxies may set `X-Forwarded-For` and `X-Forwarded-Host`: none (the default; both are
 * ignored), the nearest `hops` proxies, or proxies at the listed addresses.
 */
export type TrustProxy = { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'addresses'; addresses: ReadonlySet<string> };

export const TRUST_NO_PROXY: TrustProxy = { kind: 'none' };

/**
 * Reads `TRUST_PROXY`: empty, `0` or `false` trusts none; a number 1–10 trusts that many hops; a
 * comma-separated list of IP addresses trusts proxies at those addresses. Throws on anything else.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0' || text.toLowerCase() === 'false') return TRUST_NO_PROXY;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops < 1 || hops > 10) throw new Error('TRUST_PROXY: a hop count must be from 1 to 10');
    return { kind: 'hops', hops };
  }
  const addresses = text.split(',').map((part) => part.trim());
  const invalid = addresses.filter((address) => isIP(address) === 0);
  if (invalid.length > 0) {
    throw new Error('TRUST_PROXY: expected a hop count or a comma-separated list of proxy IP addresses');
  }
  return { kind: 'addresses', addresses: new Set(addresses.map(normalizeAddress)) };
}

/** `::ffff:10.0.0.1` → `10.0.0.1`; `[::1]:443` → `::1`; `10.0.0.1:80` → `10.0.0.1`. */
export function normalizeAddress(raw: string): string {
  let address = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^\d{1,3}(?:\.\d{1,3}){3}:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':'));
  if (/^::ffff:\d{1,3}(?:\.\d{1,3}){3}$/i.test(address)) address = address.slice(7);
  return address.toLowerCase();
}

/** The address chain, nearest last: the forwarded entries (as trusted proxies appended them), then the peer. */
function chainOf(peer: string, forwardedFor: string | null): string[] {
  const forwarded = (forwardedFor ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  return [...forwarded.map(normalizeAddress), normalizeAddress(peer)];
}

/**
 * The client's address: the peer, unless trusted proxies stand between. Then the nearest entry of
 * `X-Forwarded-For` that no trusted proxy claims; entries beyond it may be forged and are ignored.
 */
export function clientAddressOf(peer: string, forwardedFor: string | null, trust: TrustProxy): string {
  if (trust.kind === 'none') return normalizeAddress(peer);
  const chain = chainOf(peer, forwardedFor);
  if (trust.kind === 'hops') return chain[Math.max(0, chain.length - 1 - trust.hops)]!;
  let at = chain.length - 1;
  while (at > 0 && trust.addresses.has(chain[at]!)) at -= 1;
  return chain[at]!;
}

/** The host the browser addressed: `Host`, or `X-Forwarded-Host`'s first entry when the peer is a trusted proxy. */
export function requestHostOf(peer: string, host: string | null, forwardedHost: string | null, trust: TrustProxy): string | null {
  const peerTrusted = trust.kind === 'hops' || (trust.kind === 'addresses' && trust.addresses.has(normalizeAddress(peer)));
  const forwarded = forwardedHost?.split(',')[0]?.trim();
  return peerTrusted && forwarded ? forwarded : host;
}
