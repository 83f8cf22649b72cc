import PgBoss from 'pg-boss';
import { ValidationError } from '@washops/shared-errors';
import type { StoreConnection } from './connection.js';
import { StoreUnavailableError } from './errors.js';
import { describeFailure } from './connection.js';

export { PgBoss };

/** pg-boss's own tables live in this schema, beside the store's. */
export const JOB_QUEUE_SCHEMA = 'pgboss';

export interface JobQueueOptions {
  /** Connections of the queue's pool (default 4: STACK.md checked pg-boss `max: 4` beside an app pool of 4 on PGlite). */
  maxConnections?: number;
  /** Run pg-boss's cron scheduler in this process (default true). */
  schedule?: boolean;
  /** Run pg-boss's maintenance (expiry, archiving) in this process (default true). */
  supervise?: boolean;
  /** Errors pg-boss reports in the background (a lost connection, a failed maintenance run). */
  onError?: (error: StoreUnavailableError) => void;
}

/**
 * pg-boss on the store's database, started: the same code on the embedded PGlite (through its
 * socket server, STACK.md) and on PostgreSQL. The caller stops it (`stop()`) before closing the store.
 */
export async function openJobQueueOn(connection: StoreConnection, options: JobQueueOptions = {}): Promise<PgBoss> {
  const target = connection.jobQueueTarget;
  if (!target) {
    throw new ValidationError('The job queue needs a data folder or a PostgreSQL database; an in-memory store has no socket for it.');
  }
  const boss = new PgBoss({
    ...target,
    schema: JOB_QUEUE_SCHEMA,
    max: options.maxConnections ?? 4,
    application_name: 'washops-jobs',
    schedule: options.schedule ?? true,
    supervise: options.supervise ?? true,
  });
  // Without a listener an error event would crash the process.
  boss.on('error', (error: unknown) => {
    options.onError?.(new StoreUnavailableError(`The job queue lost its database: ${describeFailure(error)}`, { cause: error }));
  });
  try {
    await boss.start();
  } catch (error) {
    await boss.stop({ graceful: false, wait: false }).catch(() => undefined);
    throw new StoreUnavailableError(`Cannot start the job queue on ${connection.location}: ${describeFailure(error)}`, { cause: error });
  }
  return boss;
}
