import type { FastifyInstance } from 'fastify';
import type { Services } from './composition';
import type { Container } from './container';

/**
 * A domain module: registers its routes (under `/api`, or at the root for media) on `api`, over
 * the services it is given (built once, in composition.ts) and the container's settings. It
 * builds nothing itself. app.ts is a list of these.
 */
export type RegisterModule = (api: FastifyInstance, c: Container, s: Services) => Promise<void>;
