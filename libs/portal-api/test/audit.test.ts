import { NEEDS_ATTENTION_AFTER_MS } from '@washops/operations/schemas';
import type { NewAuditEvent } from '@washops/store';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEventView, createCaller, createPortalContext, type PortalDeps } from '../src/index.js';
import { browserRequest, callerAs, errorOf, makeDeps } from './helpers.js';

let deps: PortalDeps;

beforeAll(async () => {
  deps = await makeDeps();
});

function newEvent(overrides: Partial<NewAuditEvent> = {}): NewAuditEvent {
  return {
    correlationId: randomUUID(),
    actor: 'ann',
    channel: 'portal',
    operation: 'employee.create',
    target: { employeeId: 501, posUserId: 9501 },
    input: { firstName: 'Pat', posPin: 'generated' },
    ...overrides,
  };
}

/** Records a finished event as the operations would. */
async function recorded(overrides: Partial<NewAuditEvent> = {}, state: 'succeeded' | 'failed' = 'succeeded') {
  const started = await deps.store.audit.start(newEvent(overrides));
  return deps.store.audit.finish(started.id, {
    state,
    outcome: state === 'failed' ? { code: 'NOT_FOUND', message: 'No employee with POS id 5' } : { summary: { employeeId: 501 } },
  });
}

describe('audit.list', () => {
  it('shows viewers the events newest first as plain JSON, with ISO times and whether one needs attention', async () => {
    const older = await recorded({ actor: 'list-older' });
    const newer = await recorded({ actor: 'list-newer', channel: 'mcp' }, 'failed');
    const page = await callerAs(deps, 'viewer').audit.list({ limit: 500 });
    const ids = page.events.map((event) => event.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    const shown = page.events.find((event) => event.id === newer.id)!;
    expect(shown).toEqual({
      id: newer.id,
      correlationId: newer.correlationId,
      actor: 'list-newer',
      channel: 'mcp',
      operation: 'employee.create',
      target: { employeeId: 501, posUserId: 9501 },
      input: { firstName: 'Pat', posPin: 'generated' },
      startedAt: newer.startedAt.toISOString(),
      finishedAt: newer.finishedAt!.toISOString(),
      state: 'failed',
      outcome: { code: 'NOT_FOUND', message: 'No employee with POS id 5' },
      steps: null,
      needsAttention: false,
    });
    expect(JSON.parse(JSON.stringify(page))).toEqual(page);
  });

  it('filters by actor, channel, operation, state, employee and day, as the shared filter reads them', async () => {
    const target = await recorded({ actor: 'filter-me', channel: 'cli', operation: 'employee.disable', target: { employeeId: 7007 } }, 'failed');
    await recorded({ actor: 'filter-me', channel: 'cli', operation: 'employee.create', target: { employeeId: 7008 } });
    const viewer = callerAs(deps, 'viewer');
    const today = target.startedAt.toISOString().slice(0, 10);
    const only = async (filter: Record<string, unknown>) => (await viewer.audit.list({ filter: filter as never })).events.map((event) => event.id);
    expect(await only({ actor: 'filter-me', operation: 'employee.disable' })).toEqual([target.id]);
    expect(await only({ actor: 'filter-me', state: 'failed', channel: 'cli' })).toEqual([target.id]);
    expect(await only({ employeeId: 7007 })).toEqual([target.id]);
    expect(await only({ actor: 'filter-me', since: today, until: today })).toHaveLength(2);
    expect(await only({ actor: 'filter-me', until: '2000-01-01' })).toEqual([]);
    const invalid = await errorOf(viewer.audit.list({ filter: { channel: 'fax' } as never }));
    expect(invalid.code).toBe('BAD_REQUEST');
  });

  it('pages with the cursor: every event once, in order, and a limit above the store’s cap is refused', async () => {
    for (let i = 0; i < 5; i++) await recorded({ actor: 'pager' });
    const viewer = callerAs(deps, 'viewer');
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { events: Array<{ id: string }>; nextCursor: string | null } = await viewer.audit.list({ filter: { actor: 'pager' }, limit: 2, cursor });
      expect(page.events.length).toBeLessThanOrEqual(2);
      seen.push(...page.events.map((event) => event.id));
      cursor = page.nextCursor;
    } while (cursor);
    const all = await viewer.audit.list({ filter: { actor: 'pager' } });
    expect(seen).toEqual(all.events.map((event) => event.id));
    expect(new Set(seen).size).toBe(5);
    expect((await errorOf(viewer.audit.list({ limit: 501 }))).code).toBe('BAD_REQUEST');
  });

  it('is for signed-in users only', async () => {
    const anonymous = createCaller(() => createPortalContext(deps, browserRequest()));
    expect((await errorOf(anonymous.audit.list({}))).code).toBe('UNAUTHORIZED');
    expect((await errorOf(anonymous.audit.facets())).code).toBe('UNAUTHORIZED');
  });
});

describe('needs attention', () => {
  it('flags a write still started after NEEDS_ATTENTION_AFTER_MS, and neither a fresh nor a finished one', async () => {
    const started = await deps.store.audit.start(newEvent({ actor: 'cut-off' }));
    const finished = await recorded({ actor: 'cut-off' });
    const later = new Date(started.startedAt.getTime() + NEEDS_ATTENTION_AFTER_MS + 1000);
    expect(auditEventView(started, later).needsAttention).toBe(true);
    expect(auditEventView(started, new Date(started.startedAt.getTime() + 1000)).needsAttention).toBe(false);
    expect(auditEventView(finished, later).needsAttention).toBe(false);
    const listed = await callerAs(deps, 'admin').audit.list({ filter: { actor: 'cut-off', state: 'started' } });
    expect(listed.events).toMatchObject([{ id: started.id, state: 'started', finishedAt: null, needsAttention: false }]);
  });
});

describe('audit.facets', () => {
  it('offers the actors and operations seen', async () => {
    await recorded({ actor: 'facet-actor', operation: 'portal_user.add', target: { portalUsername: 'x' } });
    const facets = await callerAs(deps, 'viewer').audit.facets();
    expect(facets.actors).toContain('facet-actor');
    expect(facets.operations).toEqual(expect.arrayContaining(['portal_user.add']));
  });
});
