import ipaddr from 'ipaddr.js';

/**
 * The address a per-IP limit is keyed on (SEC-LOGIN-04): an IPv4 address as it is, an
 * IPv4-mapped IPv6 address as its IPv4 form, and any other IPv6 address by its /64, the block one
 * home or server gets (a client picks freely among the 2^64 addresses inside it).
 */
export function clientIpKey(ip: string): string {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(ip);
  } catch {
    return ip;
  }
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(':')}::/64`;
}
