import net from 'node:net';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/**
 * Fastify's `trustProxy` for the TRUST_PROXY setting. Nobody is trusted by default, so that a
 * client cannot pick the address it is counted under by sending its own X-Forwarded-For.
 */
export function trustedProxies(
  setting: Config['trustProxy'],
): NonNullable<FastifyServerOptions['trustProxy']> {
  if (setting === false) return false;
  if (typeof setting === 'number') {
    // Fastify treats a bare hop count as "trust nobody", since it cannot vouch for the peer; an
    // operator who sets one says that the server is reachable only through that many proxies.
    return (_address, hop) => hop < setting;
  }
  return [...setting];
}

/** `2001:db8:0:1::5` → its eight 16-bit groups; null when it is not IPv6 text. */
function ipv6Groups(address: string): number[] | null {
  let text = address.split('%')[0] ?? '';
  if (!net.isIPv6(text)) return null;
  // A dotted IPv4 tail (`::ffff:192.0.2.1`) is the last two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const before = parse(head);
  if (tail === undefined) return before;
  const after = parse(tail);
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/**
 * What a client's attempts are counted under: its address, except that an IPv6 client counts by
 * its /64 (one subscriber's network, which hands its owner billions of addresses) and an
 * IPv4-mapped IPv6 address counts as the IPv4 address it is.
 */
export function clientKey(ip: string): string {
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  const isMappedIpv4 = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (isMappedIpv4) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
