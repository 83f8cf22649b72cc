import { BackofficeClient } from '@washops/backoffice-client';
import { startBackofficeSimulator, type BackofficeSimulator } from '@washops/backoffice-simulator';
import { BULK_LIMITS } from '@washops/operations';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { publicErrorOf, type PortalDeps } from '../src/index.js';
import { callerAs, errorOf, makeDeps, parseCsv } from './helpers.js';

// The Bulk changes procedures over HTTP against the simulator, with the in-memory store: admins only,
// every input checked before anything, the dry run, a run in the background to its end, cancel and
// resume without a duplicate, and the results file that shows the generated secrets once.

const BOT = { username: 'bot', password: 'bot-password-b0lk' };

let sim: BackofficeSimulator;
let client: BackofficeClient;
let deps: PortalDeps;

beforeAll(async () => {
  sim = await startBackofficeSimulator({ port: 0, seed: 'bulk', users: [BOT], employeeCount: 20 });
  client = new BackofficeClient({ subdomain: 'demo', ...BOT, baseUrl: sim.url });
  deps = await makeDeps(client);
});

afterAll(async () => {
  await deps?.bulkRuns.close();
  await client?.close();
  await sim?.close();
});

beforeEach(() => {
  sim.control.setLatency(0);
  sim.control.clearRequests();
});

const posts = () => sim.control.requests().filter((r) => r.method === 'POST' && r.path !== '/login_check');
const base64 = (text: string | Uint8Array) => Buffer.from(text).toString('base64');

let serial = 0;
/** A new hire unique in this file, as the template's columns spell it. */
function hire(overrides: Record<string, string> = {}): Record<string, string> {
  serial += 1;
  const taken = new Set(sim.control.employees().map((e) => e.posUserId));
  let posUserId = 7100 + serial;
  while (taken.has(posUserId)) posUserId += 100;
  return {
    firstName: 'Bulk',
    lastName: `Hire${serial}`,
    phone: `555041${String(1000 + serial).slice(-4)}`,
    email: `bulk.hire${serial}@example.com`,
    posUserId: String(posUserId),
    wageRate: '15.00',
    startDate: '2026-11-02',
    availableSites: 'all',
    permission: 'Cashier',
    departments: 'Cashier',
    ...overrides,
  };
}

const quoted = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

function csvOf(rows: Record<string, string>[]): string {
  const columns = Object.keys(rows[0]!);
  return [columns.join(','), ...rows.map((row) => columns.map((column) => quoted(row[column] ?? '')).join(','))].join('\r\n') + '\r\n';
}

function fileInput(rows: Record<string, string>[], fileName = `hires-${serial}.csv`) {
  return { kind: 'create' as const, fileName, contentBase64: base64(csvOf(rows)) };
}

async function finishedRun(runId: string) {
  await deps.bulkRuns.settled(runId);
  return callerAs(deps, 'admin').bulk.get({ runId });
}

describe('bulk: admins only, every input checked first', () => {
  it('refuses a viewer every procedure, and nothing reaches the BackOffice', async () => {
    const viewer = callerAs(deps, 'viewer');
    const input = fileInput([hire()]);
    const runId = '00000000-0000-4000-8000-000000000000';
    const refusals = await Promise.all([
      errorOf(viewer.bulk.template({ kind: 'create' })),
      errorOf(viewer.bulk.check(input)),
      errorOf(viewer.bulk.start(input)),
      errorOf(viewer.bulk.resume({ runId })),
      errorOf(viewer.bulk.cancel({ runId })),
      errorOf(viewer.bulk.get({ runId })),
      errorOf(viewer.bulk.list()),
    ]);
    expect(refusals.map((error) => error.code)).toEqual(Array(7).fill('FORBIDDEN'));
    expect(sim.control.requests()).toHaveLength(0);
  });

  it('refuses a bad kind, content that is not base64 and a malformed run id before any request', async () => {
    const admin = callerAs(deps, 'admin');
    const badKind = await errorOf(admin.bulk.check({ ...fileInput([hire()]), kind: 'delete' as 'create' }));
    const notBase64 = await errorOf(admin.bulk.check({ ...fileInput([hire()]), contentBase64: 'posUserId,4021!' }));
    const badId = await errorOf(admin.bulk.get({ runId: 'run-1' }));
    expect([badKind.code, notBase64.code, badId.code]).toEqual(['BAD_REQUEST', 'BAD_REQUEST', 'BAD_REQUEST']);
    expect(publicErrorOf(notBase64).details['issues']).toEqual([{ path: 'contentBase64', message: 'The file content must be base64' }]);
    expect(sim.control.requests()).toHaveLength(0);
  });

  it('refuses a file over 1 MiB, a 10 MB one and a binary one with the file error naming the problem, before any request', async () => {
    const admin = callerAs(deps, 'admin');
    const header = Object.keys(hire()).join(',');
    const overLimit = `${header}\r\n${'x'.repeat(BULK_LIMITS.maxFileBytes)}`;
    const tenMegabytes = `${header}\r\n${'y'.repeat(10_000_000)}`;
    const binary = new Uint8Array([...Buffer.from(`${header}\r\n`), 0, 159, 146, 150]);
    for (const content of [overLimit, tenMegabytes, binary]) {
      const error = await errorOf(admin.bulk.check({ kind: 'create', fileName: 'big.csv', contentBase64: base64(content) }));
      expect(error.code).toBe('BAD_REQUEST');
      expect(publicErrorOf(error).code).toBe('BULK_FILE_ERROR');
    }
    expect(sim.control.requests()).toHaveLength(0);
  });
});

describe('bulk.template and bulk.check', () => {
  it('offers a template per kind with the header and one example row', async () => {
    const admin = callerAs(deps, 'admin');
    const hires = await admin.bulk.template({ kind: 'create' });
    const leavers = await admin.bulk.template({ kind: 'disable' });
    expect(hires.fileName).toBe('new-hires-template.csv');
    expect(parseCsv(hires.csv)).toHaveLength(1);
    expect(Object.keys(parseCsv(hires.csv)[0]!)).toEqual(expect.arrayContaining(['firstName', 'lastName', 'posUserId', 'email', 'availableSites', 'departments']));
    expect(Object.keys(parseCsv(leavers.csv)[0]!)).toEqual(expect.arrayContaining(['posUserId', 'email']));
  });

  it('reports an unknown site at its row and cell, counts the rows, and writes nothing', async () => {
    const rows = [hire(), hire({ availableSites: 'Nowhere Wash' }), hire()];
    const report = await callerAs(deps, 'admin').bulk.check(fileInput(rows));
    expect(report.counts).toEqual({ total: 3, ok: 2, warning: 0, error: 1 });
    expect(report.rows.map((row) => [row.rowNumber, row.status])).toEqual([
      [2, 'ok'],
      [3, 'error'],
      [4, 'ok'],
    ]);
    expect(report.rows[1]!.errors).toEqual([expect.objectContaining({ field: 'availableSites', message: expect.stringContaining('Nowhere Wash') })]);
    expect(report.rows[1]!.cells['lastName']).toBe(rows[1]!['lastName']);
    expect(posts()).toHaveLength(0);
  });

  it('lets a file of exactly 1 MiB through to the engine (the limit is the file’s, not the request’s)', async () => {
    const header = Object.keys(hire()).join(',');
    const padding = BULK_LIMITS.maxFileBytes - header.length - 2;
    const content = `${header}\r\n${'z'.repeat(padding)}`;
    expect(Buffer.byteLength(content)).toBe(BULK_LIMITS.maxFileBytes);
    const result = await callerAs(deps, 'admin')
      .bulk.check({ kind: 'create', fileName: 'exact.csv', contentBase64: base64(content) })
      .then(
        (report) => report.counts.total,
        (error: unknown) => publicErrorOf(error as never).message,
      );
    // One row of one long cell: a report, or the engine's own refusal of the row, never the size limit.
    expect(String(result)).not.toMatch(/MiB|too large|size/i);
  });
});

describe('bulk.start, get, list and the results file', () => {
  it('refuses to start a file with an error row, and writes nothing', async () => {
    const error = await errorOf(callerAs(deps, 'admin').bulk.start(fileInput([hire(), hire({ availableSites: 'Nowhere Wash' })])));
    expect(error.code).toBe('BAD_REQUEST');
    expect(publicErrorOf(error)).toMatchObject({ code: 'BULK_CHECK_FAILED', details: { errorRows: [3] } });
    expect(posts()).toHaveLength(0);
  });

  it('runs the file as the signed-in admin to a finished run with a row per input row, then shows the PINs once', async () => {
    const rows = [hire(), hire(), hire()];
    const admin = callerAs(deps, 'admin');
    const started = await admin.bulk.start(fileInput(rows));
    expect(started).toMatchObject({ kind: 'create', actor: { channel: 'portal', name: 'admin' } });
    const { run, rows: results } = await finishedRun(started.id);
    expect(run.state).toBe('finished');
    expect(run.progress).toMatchObject({ total: 3, done: 3, failed: 0, remaining: 0 });
    expect(results.map((row) => [row.rowNumber, row.state])).toEqual([
      [2, 'done'],
      [3, 'done'],
      [4, 'done'],
    ]);
    const roster = sim.control.employees();
    for (const row of rows) expect(roster.filter((e) => e.posUserId === Number(row['posUserId']))).toHaveLength(1);
    const pins = rows.map((row) => roster.find((e) => e.posUserId === Number(row['posUserId']))!.posPin);

    expect((await admin.bulk.list()).map((listed) => listed.id)).toContain(started.id);
    // No answer but the results file holds a generated PIN.
    const answers = JSON.stringify([started, await admin.bulk.get({ runId: started.id }), await admin.bulk.list()]);
    for (const pin of pins) expect(answers).not.toMatch(new RegExp(`\\b${pin}\\b`));

    const first = await deps.bulkRuns.resultsFile(started.id);
    expect(first.secretsIncluded).toBe(true);
    const firstRows = parseCsv(first.body);
    expect(firstRows.map((row) => [row['row'], row['outcome'], row['posPin']])).toEqual(rows.map((_, index) => [String(index + 2), expect.any(String), String(pins[index])]));

    const second = await deps.bulkRuns.resultsFile(started.id);
    expect(second.secretsIncluded).toBe(false);
    expect(parseCsv(second.body)).toHaveLength(3);
    for (const pin of pins) expect(second.body).not.toMatch(new RegExp(`\\b${pin}\\b`));
    expect((await admin.bulk.get({ runId: started.id })).run).toMatchObject({ secretsAvailable: false, secretsRevealedAt: expect.any(String) });
  });

  it('answers NOT_FOUND for an unknown run', async () => {
    const error = await errorOf(callerAs(deps, 'admin').bulk.get({ runId: '00000000-0000-4000-8000-000000000000' }));
    expect(error.code).toBe('NOT_FOUND');
  });
});

describe('bulk.cancel and bulk.resume', () => {
  it('cancels after the rows in flight, resumes from the store without the file, and creates each employee once', async () => {
    const rows = Array.from({ length: 8 }, () => hire());
    const admin = callerAs(deps, 'admin');
    sim.control.setLatency(40);
    const started = await admin.bulk.start(fileInput(rows));
    await admin.bulk.cancel({ runId: started.id });
    const cancelled = await finishedRun(started.id);
    expect(cancelled.run.state).toBe('cancelled');
    expect(cancelled.run.progress.remaining).toBeGreaterThan(0);
    expect(cancelled.rows.some((row) => row.state === 'pending')).toBe(true);

    await admin.bulk.resume({ runId: started.id });
    const resumed = await finishedRun(started.id);
    expect(resumed.run.state).toBe('finished');
    expect(resumed.rows.every((row) => row.state === 'done')).toBe(true);
    const roster = sim.control.employees();
    for (const row of rows) expect(roster.filter((e) => e.posUserId === Number(row['posUserId']))).toHaveLength(1);
  });

  it('a resume is written as the admin who resumes it; the run keeps who started it', async () => {
    const rows = Array.from({ length: 4 }, () => hire());
    sim.control.setLatency(40);
    const started = await deps.bulkRuns.start({ channel: 'portal', name: 'alice' }, 'create', { name: `alice-${serial}.csv`, content: csvOf(rows) });
    await deps.bulkRuns.cancel(started.id);
    const cancelled = await finishedRun(started.id);
    expect(cancelled.run.state).toBe('cancelled');
    const byAlice = new Set(cancelled.rows.filter((row) => row.state === 'done').map((row) => row.posUserId));

    await callerAs(deps, 'admin').bulk.resume({ runId: started.id });
    const resumed = await finishedRun(started.id);
    expect(resumed.run).toMatchObject({ state: 'finished', actor: { channel: 'portal', name: 'alice' } });
    const createdBy = new Map<unknown, string>();
    for await (const event of deps.store.audit.stream({ operation: 'employee.create' })) if (event.state === 'succeeded') createdBy.set(event.target.posUserId, event.actor);
    for (const row of rows) {
      const posUserId = Number(row['posUserId']);
      expect(createdBy.get(posUserId), `POS user id ${posUserId}`).toBe(byAlice.has(posUserId) ? 'alice' : 'admin');
    }
    expect(byAlice.size).toBeLessThan(rows.length);
  });

  it('refuses to resume a finished run', async () => {
    const admin = callerAs(deps, 'admin');
    const started = await admin.bulk.start(fileInput([hire()]));
    await finishedRun(started.id);
    const error = await errorOf(admin.bulk.resume({ runId: started.id }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toBe('Only an interrupted or cancelled run can be resumed; this one is finished.');
  });

  it('the same file started again after a cancel resumes its run: the dry run says so and done rows are skipped', async () => {
    const rows = Array.from({ length: 6 }, () => hire());
    const admin = callerAs(deps, 'admin');
    sim.control.setLatency(40);
    const input = fileInput(rows);
    const started = await admin.bulk.start(input);
    await admin.bulk.cancel({ runId: started.id });
    const cancelled = await finishedRun(started.id);
    const report = await admin.bulk.check(input);
    expect(report.resumes).toMatchObject({ runId: started.id, done: cancelled.run.progress.done });
    const again = await admin.bulk.start(input);
    expect(again.id).toBe(started.id);
    expect((await finishedRun(started.id)).run.state).toBe('finished');
    const roster = sim.control.employees();
    for (const row of rows) expect(roster.filter((e) => e.posUserId === Number(row['posUserId']))).toHaveLength(1);
  });

  it('a shutdown stops the process’s runs after their rows in flight, resumable', async () => {
    const admin = callerAs(deps, 'admin');
    sim.control.setLatency(40);
    const started = await admin.bulk.start(fileInput(Array.from({ length: 6 }, () => hire())));
    await deps.bulkRuns.close();
    expect(deps.bulkRuns.isWorking(started.id)).toBe(false);
    const { run } = await admin.bulk.get({ runId: started.id });
    expect(['cancelled', 'interrupted']).toContain(run.state);
    sim.control.setLatency(0);
    await admin.bulk.resume({ runId: started.id });
    expect((await finishedRun(started.id)).run.state).toBe('finished');
  });
});
