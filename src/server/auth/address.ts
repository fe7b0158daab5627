import { isIPv4, isIPv6 } from 'node:net';

/**
 * The address a login is counted under. One IPv6 subscriber gets a whole /64 and can pick any
 * address in it, so IPv6 counts by that /64; an IPv4 address written as IPv6 (::ffff:1.2.3.4)
 * counts as the IPv4 one.
 */
export function loginAddressOf(ip: string): string {
  const address = ip.replace(/%.*$/, ''); // a zone index (fe80::1%eth0) names the interface, not the sender
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(address)) return address;
  return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
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
