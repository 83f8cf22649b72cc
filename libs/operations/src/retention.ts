import { ValidationError } from '@washops/shared-errors';
import type { Store } from '@washops/store';

const DAY_MS = 86_400_000;

/** Deletes finished events older than `retentionDays` (nothing when undefined: keep forever). Returns how many. */
export async function pruneAuditLog(store: Store, retentionDays: number | undefined, now: Date = new Date()): Promise<number> {
  if (retentionDays === undefined) return 0;
  if (!Number.isInteger(retentionDays) || retentionDays < 1) {
    throw new ValidationError('The audit retention must be a whole number of days, at least 1 (leave it unset to keep every event).', {
      details: { field: 'retentionDays', value: retentionDays },
    });
  }
  return store.audit.deleteFinishedBefore(new Date(now.getTime() - retentionDays * DAY_MS));
}
