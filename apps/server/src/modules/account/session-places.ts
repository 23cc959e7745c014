import net from 'node:net';
import { clientKey } from '../../plugins/client-address';

/** What a session from the server's own machine or its local network is shown as. */
export const LOCAL_PLACE = 'This network';

/**
 * Addresses that never leave a local network: loopback, the private IPv4 ranges (RFC 1918),
 * link-local, and IPv6 unique-local. IPv4-mapped IPv6 addresses are checked as IPv4.
 */
const LOCAL_RANGES = (() => {
  const list = new net.BlockList();
  list.addSubnet('127.0.0.0', 8, 'ipv4');
  list.addSubnet('10.0.0.0', 8, 'ipv4');
  list.addSubnet('172.16.0.0', 12, 'ipv4');
  list.addSubnet('192.168.0.0', 16, 'ipv4');
  list.addSubnet('169.254.0.0', 16, 'ipv4');
  list.addAddress('::1', 'ipv6');
  list.addSubnet('fc00::', 7, 'ipv6');
  list.addSubnet('fe80::', 10, 'ipv6');
  return list;
})();

function isLocal(address: string): boolean {
  const key = clientKey(address);
  if (net.isIPv4(key)) return LOCAL_RANGES.check(key, 'ipv4');
  const bare = address.split('%')[0] ?? '';
  return net.isIPv6(bare) && LOCAL_RANGES.check(bare, 'ipv6');
}

/**
 * Where a session signed in from, as its owner reads it. No place database ships with the
 * server (none can be had offline), so a public address is shown as itself (an IPv6 one shortened
 * to its /64 network) and a local one as "This network" (decision 074 says how a place could
 * be added).
 */
export function placeOf(address: string): string {
  if (!address) return 'Unknown address';
  return isLocal(address) ? LOCAL_PLACE : clientKey(address);
}
