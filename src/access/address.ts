// What a per-address limit counts: an IPv4 address as it is, an IPv6 one by its network (a /64 by default: one
// host or home usually gets a whole /64, and can pick any address in it), an IPv4-mapped IPv6 address as IPv4.
import { isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address, or undefined when it has an embedded IPv4 tail. */
function groups(address: string): number[] | undefined {
  const [head = '', tail] = address.split('::');
  const part = (text: string) => (text ? text.split(':') : []);
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  if ([...left, ...right].some((g) => g.includes('.'))) return undefined;
  const zeros = Array(8 - left.length - right.length).fill('0');
  return [...left, ...(tail === undefined ? [] : zeros), ...right].map((g) => Number.parseInt(g, 16));
}

/** The address a limit counts `ip` under: IPv6 masked to its first `v6Prefix` bits (written as a CIDR). */
export function limitedAddress(ip: string, v6Prefix: number): string {
  // Most addresses are IPv4: a colon is cheaper to look for than isIPv6's regular expression.
  if (!ip.includes(':') || !isIPv6(ip)) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1] as string;
  const bits = groups(ip.split('%')[0] as string);
  if (!bits || v6Prefix >= 128) return ip;
  const masked = bits.map((g, i) => {
    const keep = Math.min(16, Math.max(0, v6Prefix - i * 16));
    return keep === 0 ? 0 : g & (0xffff << (16 - keep)) & 0xffff;
  });
  return `${masked.map((g) => g.toString(16)).join(':')}/${v6Prefix}`;
}
