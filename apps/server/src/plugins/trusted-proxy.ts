import { compile } from '@fastify/proxy-addr';
import type { Config } from '../config';

/** A request, or the raw one Node.js handed over: what its socket says of the peer is enough. */
interface Peered {
  readonly socket: { readonly remoteAddress?: string | undefined };
}

/**
 * Whether a request comes straight from a proxy TRUST_PROXY names: only then is a header the proxy
 * sets believed. The peer is the socket's address, never anything a header claims.
 */
export function trustedPeer(setting: Config['trustProxy']): (request: Peered) => boolean {
  if (setting === false) return () => false;
  // A hop count says the server is reachable only through proxies: its peer is always one.
  if (typeof setting === 'number') return () => true;
  const trusts = compile([...setting]);
  return (request) => {
    const peer = request.socket.remoteAddress;
    return peer !== undefined && trusts(peer, 0);
  };
}
