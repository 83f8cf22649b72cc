import { openStore, type AuditEvent } from '@washops/store';
import type { RunStorage } from './canary-harness.js';

/**
 * Every audit event the run's portal recorded, read from the database it used (the embedded folder
 * or the PostgreSQL database of `storage`), once the portal has stopped.
 */
export async function auditRowsOf(storage: RunStorage): Promise<AuditEvent[]> {
  const { DATABASE_URL: databaseUrl, WASHOPS_DATA_DIR: dataDir } = storage.env;
  const store = databaseUrl ? await openStore({ databaseUrl }) : await openStore({ dataDir: dataDir! });
  try {
    const rows: AuditEvent[] = [];
    for await (const event of store.audit.stream({})) rows.push(event);
    return rows;
  } finally {
    await store.close();
  }
}
