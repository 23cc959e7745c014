import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Container } from '../../container';
import { MaintenanceRepository } from './maintenance.repository';
import { Maintenance } from './maintenance.service';

/** The sweeps as the server schedules them (main.ts), on the container's database and media. */
export function maintenanceOf(c: Container, log: FastifyBaseLogger): Maintenance {
  return new Maintenance({
    repository: new MaintenanceRepository(c.database.longWork),
    locks: c.locks,
    // SQLite serves one node; on PostgreSQL others may be mid-upload when this one starts.
    soleNode: c.database.dialect === 'sqlite',
    objects: c.objects,
    outboxDir: path.join(c.config.dataDir, 'outbox'),
    log,
  });
}
