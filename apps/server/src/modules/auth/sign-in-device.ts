import type { FastifyRequest } from 'fastify';

/** The longest User-Agent kept of a session: enough to tell a browser and system apart. */
const MAX_USER_AGENT_LENGTH = 512;

/** Where a session signed in from: what its owner's list of sessions shows. */
export interface SignInDevice {
  readonly userAgent: string;
  readonly address: string;
}

/** The requesting device: its User-Agent (cut short) and its address as the proxies tell it. */
export function signInDeviceOf(request: FastifyRequest): SignInDevice {
  const agent = request.headers['user-agent'] ?? '';
  return { userAgent: agent.slice(0, MAX_USER_AGENT_LENGTH), address: request.ip };
}
