import { isIPv4, isIPv6 } from 'node:net';

/**
 * The address a login is counted under. One IPv6 subscriber gets a whole /64 and can pick any
 * address in it, so IPv6 counts by that /64; an IPv4 address written as IPv6 (::ffff:1.2.3.4)
 * counts as the IPv4 one. Fastify's request.ip is undefined once the client has hung up, so an
 * unknown address is the empty string.
 */
export function loginAddressOf(ip: string | undefined): string {
  const address = (ip ?? '').replace(/%.*$/, ''); // a zone index (fe80::1%eth0) names the interface, not the sender
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(address)) return address;
  return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
}

/**
 * The network a session is used from, as kept with it: an IPv4 address's /24, an IPv6 address's /48
 * (a site), so Account settings can tell one place from another without keeping anyone's address.
 */
export function networkOf(ip: string | undefined): string {
  const address = loginAddressOf(ip);
  if (isIPv4(address)) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  if (address.endsWith('::/64')) return `${address.split(':').slice(0, 3).join(':')}::/48`;
  return '';
}

/** Where a network is, as far as its range tells without a location database. */
export function placeOf(range: string): string {
  if (!range) return 'Unknown network';
  if (range === '127.0.0.0/24' || range === '0:0:0::/48') return 'This computer';
  if (/^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|f[cd][0-9a-f]{0,2}:|fe80:)/i.test(range))
    return `Local network (${range})`;
  return `Network ${range}`;
}

/** The eight groups of an IPv6 address, each without leading zeros; an embedded IPv4 tail becomes two. */
function expandIPv6(address: string): string[] {
  const [head = '', tail] = address.toLowerCase().split('::');
  const groupsOf = (part: string) => (part ? part.split(':').flatMap(ipv4AsGroups) : []);
  const before = groupsOf(head);
  const after = tail === undefined ? [] : groupsOf(tail);
  const zeros = Array<string>(8 - before.length - after.length).fill('0');
  return [...before, ...zeros, ...after].map((group) => Number.parseInt(group, 16).toString(16));
}

function ipv4AsGroups(group: string): string[] {
  if (!group.includes('.')) return [group];
  const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}
