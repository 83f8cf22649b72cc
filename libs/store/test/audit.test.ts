import { randomUUID } from 'node:crypto';
import { InternalError, NotFoundError, ValidationError } from '@washops/shared-errors';
import { expect, it } from 'vitest';
import type { AuditEvent, AuditFilter, AuditPage, AuditState, NewAuditEvent } from '../src/index.js';
import { rowsOf } from '../src/query-rows.js';
import { describeEachBackend, useStoreAndSql } from './harness.js';

const newEvent = (overrides: Partial<NewAuditEvent> = {}): NewAuditEvent => ({
  correlationId: randomUUID(),
  actor: 'ada',
  channel: 'portal',
  operation: 'employee.create',
  target: { posUserId: 4242 },
  input: { firstName: 'Grace', posPin: 'set' },
  ...overrides,
});

const steps = { done: ['insertEmployee'], unverified: [], remaining: ['permissions'] };

interface RawEvent {
  startedAt: string;
  finishedAt?: string;
  state?: AuditState;
  actor?: string;
  employeeId?: number;
}

/** Rows written with chosen times (the queries always stamp now()); inserting is what the trigger allows. */
function rawInsert(rows: RawEvent[]): string {
  const values = rows.map((row) => {
    const state = row.state ?? (row.finishedAt ? 'succeeded' : 'started');
    const finished = row.finishedAt ? `'${row.finishedAt}'` : 'null';
    const target = row.employeeId === undefined ? '{}' : JSON.stringify({ employeeId: row.employeeId });
    return `('${randomUUID()}', '${row.startedAt}', ${finished}, '${row.actor ?? 'ada'}', 'portal', 'employee.create', '${state}', '${target}', '{}')`;
  });
  return `insert into audit_events (correlation_id, started_at, finished_at, actor, channel, operation, state, target, input) values ${values.join(', ')}`;
}

describeEachBackend('audit', (backend) => {
  const { store, exec } = useStoreAndSql(backend);
  const audit = () => store().audit;
  /** The messages along the error's cause chain (Drizzle wraps the database's own message), or '' when it ran. */
  const messages = (error: unknown): string => (error instanceof Error ? `${error.message} | ${messages(error.cause)}` : '');
  const refusal = (statement: string) => exec(statement).then(() => '', messages);
  const count = async (where = 'true') => Number(rowsOf<{ n: string }>(await exec(`select count(*) as n from audit_events where ${where}`))[0]?.n);

  it('records a write as started, learns its target and steps, and finishes it once', async () => {
    const started = await audit().start(newEvent());
    expect(started).toMatchObject({ state: 'started', actor: 'ada', channel: 'portal', finishedAt: null, outcome: null, steps: null });
    expect(started.startedAt).toBeInstanceOf(Date);
    await audit().progress(started.id, { target: { employeeId: 17 }, steps });
    expect(await audit().get(started.id)).toMatchObject({ state: 'started', target: { posUserId: 4242, employeeId: 17 }, steps });
    const finished = await audit().finish(started.id, {
      state: 'partial',
      outcome: { code: 'BACKOFFICE_SERVER_ERROR', message: 'The permissions step failed.' },
      steps: { done: ['insertEmployee'], unverified: ['permissions'], remaining: [] },
      target: { backofficeUsername: 'grace' },
    });
    expect(finished).toMatchObject({ state: 'partial', target: { posUserId: 4242, employeeId: 17, backofficeUsername: 'grace' } });
    expect(finished.finishedAt).toBeInstanceOf(Date);
    expect(finished.steps?.unverified).toEqual(['permissions']);
    // A finished event stays as it ended: progress changes nothing, a second finish is refused.
    await audit().progress(started.id, { target: { employeeId: 99 } });
    await expect(audit().finish(started.id, { state: 'succeeded', outcome: {} })).rejects.toBeInstanceOf(NotFoundError);
    expect(await audit().get(started.id)).toEqual(finished);
    await expect(audit().finish(randomUUID(), { state: 'failed', outcome: {} })).rejects.toBeInstanceOf(NotFoundError);
    await expect(audit().finish('not-a-uuid', { state: 'failed', outcome: {} })).rejects.toBeInstanceOf(NotFoundError);
    expect(await audit().get('not-a-uuid')).toBeNull();
  });

  it('refuses an UPDATE of a finished event, whatever the column', async () => {
    const { id } = await audit().start(newEvent());
    await audit().finish(id, { state: 'succeeded', outcome: { summary: { employeeId: 1 } } });
    for (const change of [`outcome = '{}'`, `state = 'failed'`, `target = '{"employeeId": 2}'`, `finished_at = now()`]) {
      expect(await refusal(`update audit_events set ${change} where id = '${id}'`), change).toMatch(/finished audit event cannot change/);
    }
    expect((await audit().get(id))?.outcome).toEqual({ summary: { employeeId: 1 } });
  });

  it('refuses a change to what a started event recorded at its start, and allows its target, steps and end', async () => {
    const { id } = await audit().start(newEvent());
    const immutable = [
      `id = '${randomUUID()}'`,
      `correlation_id = 'other'`,
      `actor = 'mallory'`,
      `channel = 'cli'`,
      `operation = 'employee.disable'`,
      `input = '{}'`,
      `started_at = now() - interval '1 day'`,
    ];
    for (const change of immutable) {
      expect(await refusal(`update audit_events set ${change} where id = '${id}'`), change).toMatch(/recorded at its start cannot change/);
    }
    await exec(`update audit_events set target = '{"employeeId": 5}', steps = '{"done": [], "unverified": [], "remaining": []}' where id = '${id}'`);
    expect(await audit().get(id)).toMatchObject({ actor: 'ada', target: { employeeId: 5 }, state: 'started' });
  });

  it('refuses a DELETE outside retention, and of a started event even inside it', async () => {
    const started = await audit().start(newEvent());
    const ended = await audit().start(newEvent());
    await audit().finish(ended.id, { state: 'failed', outcome: { code: 'VALIDATION_ERROR' } });
    expect(await refusal(`delete from audit_events where id = '${ended.id}'`)).toMatch(/deleted only by retention/);
    expect(await refusal(`delete from audit_events`)).toMatch(/deleted only by retention/);
    const asRetention = (where: string) =>
      exec(`do $$ begin perform set_config('washops.audit_retention', 'on', true); delete from audit_events where ${where}; end $$`);
    expect(await asRetention(`id = '${started.id}'`).then(() => 'deleted', messages)).toMatch(/started audit event cannot be deleted/);
    expect(await count()).toBe(2);
  });

  it('retention deletes only the events that finished before the cutoff, and its permission ends with it', async () => {
    await exec(
      rawInsert([
        { startedAt: '2026-01-01T00:00:00Z', finishedAt: '2026-01-01T00:00:01Z' },
        { startedAt: '2026-01-02T00:00:00Z', finishedAt: '2026-01-02T00:00:01Z', state: 'partial' },
        { startedAt: '2026-01-03T00:00:00Z' },
        { startedAt: '2026-03-01T00:00:00Z', finishedAt: '2026-03-01T00:00:01Z', state: 'failed' },
      ]),
    );
    const recent = await audit().start(newEvent());
    await audit().finish(recent.id, { state: 'succeeded', outcome: {} });
    expect(await audit().deleteFinishedBefore(new Date('2026-02-01T00:00:00Z'))).toBe(2);
    expect(await count(`finished_at < '2026-02-01'`)).toBe(0);
    // The old event still running (a write that died) is kept: it needs attention, not deletion.
    expect(await count(`state = 'started'`)).toBe(1);
    expect(await count()).toBe(3);
    expect(await refusal(`delete from audit_events where id = '${recent.id}'`)).toMatch(/deleted only by retention/);
    await expect(audit().deleteFinishedBefore(new Date('nope'))).rejects.toBeInstanceOf(ValidationError);
  });

  it('filters by actor, channel, operation, state, time range and target ids', async () => {
    const a = await audit().start(newEvent({ actor: 'ada', channel: 'portal', target: { employeeId: 1, posUserId: 101 } }));
    const b = await audit().start(newEvent({ actor: 'bot', channel: 'mcp', operation: 'employee.disable', target: { employeeId: 2 } }));
    const c = await audit().start(newEvent({ actor: 'ops', channel: 'cli', operation: 'portal_user.add', target: { portalUsername: 'x' } }));
    await audit().progress(c.id, { target: { employeeId: 1 } });
    await audit().finish(b.id, { state: 'failed', outcome: { code: 'NOT_FOUND' } });
    const ids = async (filter: AuditFilter) => (await audit().list(filter)).events.map((event) => event.id);
    expect(await ids({})).toEqual([c.id, b.id, a.id]);
    expect(await ids({ actor: 'bot' })).toEqual([b.id]);
    expect(await ids({ channel: 'cli' })).toEqual([c.id]);
    expect(await ids({ operation: 'employee.create' })).toEqual([a.id]);
    expect(await ids({ state: 'failed' })).toEqual([b.id]);
    expect(await ids({ state: 'started' })).toEqual([c.id, a.id]);
    expect(await ids({ employeeId: 1 })).toEqual([c.id, a.id]);
    expect(await ids({ posUserId: 101 })).toEqual([a.id]);
    expect(await ids({ employeeId: 1, channel: 'portal' })).toEqual([a.id]);
    const bStarted = (await audit().get(b.id)) as AuditEvent;
    expect(await ids({ since: bStarted.startedAt })).toEqual([c.id, b.id]);
    expect(await ids({ until: bStarted.startedAt })).toEqual([a.id]);
    expect(await ids({ since: new Date(Date.now() + 60_000) })).toEqual([]);
  });

  it('pages newest first without losing or repeating events whose times are equal or a microsecond apart', async () => {
    const same = Array.from({ length: 7 }, () => ({ startedAt: '2026-11-20T10:00:00.123456Z' }));
    await exec(rawInsert([...same, { startedAt: '2026-11-20T10:00:00.123457Z' }, { startedAt: '2026-11-20T10:00:00.123455Z' }, { startedAt: '2026-11-21T00:00:00Z' }]));
    const whole = (await audit().list({})).events.map((event) => event.id);
    expect(whole).toHaveLength(10);
    const paged: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: AuditPage = await audit().list({}, { limit: 3, cursor });
      paged.push(...page.events.map((event) => event.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(4);
    expect(paged).toEqual(whole);
    expect(new Set(paged).size).toBe(10);
    const filtered = await audit().list({ until: new Date('2026-11-21T00:00:00Z') }, { limit: 9 });
    expect(filtered.events).toHaveLength(9);
    expect(filtered.nextCursor).toBeNull();
  });

  it('refuses a cursor it did not make and a page size that is not 1 or more; caps the page at 500', async () => {
    await audit().start(newEvent());
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const cursor of ['garbage!', forged({ a: 1 }), forged(['2026-11-20T10:00:00Z', randomUUID()]), forged(['2026-11-20T10:00:00.000000Z', 'nope'])]) {
      await expect(audit().list({}, { cursor }), cursor).rejects.toBeInstanceOf(ValidationError);
    }
    await expect(audit().list({}, { limit: 0 })).rejects.toBeInstanceOf(ValidationError);
    await expect(audit().list({}, { limit: 2.5 })).rejects.toBeInstanceOf(ValidationError);
    await exec(`insert into audit_events (correlation_id, actor, channel, operation, state, input)
      select 'c' || n, 'bulk', 'cli', 'employee.create', 'started', '{}' from generate_series(1, 505) as n`);
    const capped = await audit().list({}, { limit: 10_000 });
    expect(capped.events).toHaveLength(500);
    expect(capped.nextCursor).not.toBeNull();
    expect((await audit().list({})).events).toHaveLength(50);
  });

  it('streams every matching event newest first in batches', async () => {
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await audit().start(newEvent({ actor: i % 2 ? 'odd' : 'even' }))).id);
    const streamed: string[] = [];
    for await (const event of audit().stream({ actor: 'even' }, 2)) streamed.push(event.id);
    expect(streamed).toEqual([made[4], made[2], made[0]]);
    const all: AuditEvent[] = [];
    for await (const event of audit().stream({})) all.push(event);
    expect(all.map((event) => event.id)).toEqual([...made].reverse());
  });

  it('a stream whose query fails throws a typed error, not the driver’s', async () => {
    const broken = audit().stream({ employeeId: 1.5 }, 2);
    await expect((async () => {
      for await (const _event of broken) void _event;
    })()).rejects.toBeInstanceOf(InternalError);
  });

  it('lists the actors and operations seen, for filter choices', async () => {
    expect(await audit().facets()).toEqual({ actors: [], operations: [] });
    await audit().start(newEvent({ actor: 'zed', operation: 'employee.disable' }));
    await audit().start(newEvent({ actor: 'ada' }));
    await audit().start(newEvent({ actor: 'ada', operation: 'portal_user.add' }));
    expect(await audit().facets()).toEqual({ actors: ['ada', 'zed'], operations: ['employee.create', 'employee.disable', 'portal_user.add'] });
  });
});
