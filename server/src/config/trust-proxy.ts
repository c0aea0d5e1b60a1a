import ipaddr from 'ipaddr.js';

/**
 * TRUST_PROXY (SEC-LOGIN-04): a hop count or a list of proxy addresses/CIDRs, never `true`, and
 * never a range so wide that anyone on the internet counts as a proxy and picks their own address
 * with X-Forwarded-For (0.0.0.0/0, ::/0, ::ffff:0:0/96 and every range nearly as wide).
 */
const MIN_PREFIX = { ipv4: 8, ipv6: 16 } as const;
/** Private IPv6 ranges wider than /16 that a proxy network may well use: fc00::/7 and fe80::/10. */
const PRIVATE_V6 = { uniqueLocal: 7, linkLocal: 10 } as Record<string, number>;

/** Why the value is refused, or null when it is usable (pure; used by the env schema). */
export function trustProxyProblem(value: string): string | null {
  if (/^\d{1,2}$/.test(value)) return null;
  const HINT = 'must be a hop count (e.g. 1) or a comma-separated list of IPs/CIDRs; "true" is refused';
  for (const raw of value.split(',')) {
    const entry = raw.trim();
    if (!/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(entry)) return HINT;
    let address: ipaddr.IPv4 | ipaddr.IPv6;
    let prefix: number;
    try {
      [address, prefix] = entry.includes('/') ? ipaddr.parseCIDR(entry) : [ipaddr.parse(entry), 128];
    } catch {
      return HINT;
    }
    if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
      address = (address as ipaddr.IPv6).toIPv4Address();
      prefix = Math.max(0, prefix - 96);
    }
    const privateMin = address.kind() === 'ipv6' ? PRIVATE_V6[address.range()] : undefined;
    if (prefix < MIN_PREFIX[address.kind()] && !(privateMin !== undefined && prefix >= privateMin)) {
      return (
        `must not trust (nearly) every address: "${entry}" would let anyone choose their own IP ` +
        'with X-Forwarded-For; list only your proxy (e.g. 10.0.0.0/8 or 172.17.0.1) or give a hop count'
      );
    }
  }
  return null;
}

/** Fastify's trustProxy: a hop count trusts exactly that many proxies, else the CIDR list. */
export function parseTrustProxy(
  value: string | undefined,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (value === undefined) return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(',').map((v) => v.trim());
}
