import type { FastifyInstance } from 'fastify';
import type { Container } from './container';

/**
 * A domain module: registers its routes (under `/api`, or at the root for media) on `api`, built
 * from the container's infrastructure. app.ts is a list of these.
 */
export type RegisterModule = (api: FastifyInstance, container: Container) => Promise<void>;
