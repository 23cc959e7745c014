import { compile } from '@fastify/proxy-addr';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';

/**
 * Whether a request comes straight from a proxy TRUST_PROXY names: only then is a header the proxy
 * sets believed. The peer is the socket's address, never anything a header claims.
 */
export function trustedPeer(setting: Config['trustProxy']): (request: FastifyRequest) => boolean {
  if (setting === false) return () => false;
  // A hop count says the server is reachable only through proxies: its peer is always one.
  if (typeof setting === 'number') return () => true;
  const trusts = compile([...setting]);
  return (request) => {
    const peer = request.socket.remoteAddress;
    return peer !== undefined && trusts(peer, 0);
  };
}
