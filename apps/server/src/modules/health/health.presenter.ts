import type { Readiness, ReadinessCheck } from '@cadenza/contract/health';
import { presentTranscoding } from '../transcoding/transcoding.presenter';
import { failedChecks, type CheckResult, type ReadinessRecord } from './health-record';

function presentCheck(check: CheckResult): ReadinessCheck {
  return { ok: check.ok, message: check.message };
}

/** Readiness as GET /api/ready answers it, whether ready or not. */
export function presentReadiness(readiness: ReadinessRecord): Readiness {
  const { database, migrations, storage } = readiness.checks;
  return {
    status: readiness.ready ? 'ready' : 'not_ready',
    checks: {
      database: presentCheck(database),
      migrations: presentCheck(migrations),
      storage: presentCheck(storage),
    },
    transcoding: presentTranscoding(readiness.transcoding.version, readiness.transcoding.formats),
  };
}

/** The 503 answer's message: which checks failed. */
export function notReadyMessage(readiness: ReadinessRecord): string {
  const failed = failedChecks(readiness);
  return `Not ready: the ${failed.join(' and ')} check${failed.length > 1 ? 's' : ''} failed.`;
}
