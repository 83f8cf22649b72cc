import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { tidyOnce } from './store';

vi.mock('server-only', () => ({}));
// Loaded the way the app loads it (lazily), so the app's module boundary holds in its tests too.
const { openStore } = await import('@washops/store');
const store = await openStore({ inMemory: true });

afterAll(() => store.close());

function event(actor: string) {
  return { correlationId: randomUUID(), actor, channel: 'portal' as const, operation: 'employee.disable', target: { employeeId: 3 }, input: { posUserId: 1003 } };
}

describe('the hourly tidy', () => {
  it('deletes finished audit events older than AUDIT_RETENTION_DAYS, keeps them all when it is unset, and never an unfinished one', async () => {
    const finished = await store.audit.start(event('tidy'));
    await store.audit.finish(finished.id, { state: 'succeeded', outcome: { summary: { employeeId: 3 } } });
    const unfinished = await store.audit.start(event('tidy'));
    const threeDaysOn = new Date(Date.now() + 3 * 86_400_000);

    await tidyOnce(store, undefined, threeDaysOn);
    expect(await store.audit.get(finished.id)).not.toBeNull();
    await tidyOnce(store, 5, threeDaysOn);
    expect(await store.audit.get(finished.id)).not.toBeNull();
    await tidyOnce(store, 2, threeDaysOn);
    expect(await store.audit.get(finished.id)).toBeNull();
    expect(await store.audit.get(unfinished.id)).not.toBeNull();
  });
});
