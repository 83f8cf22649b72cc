import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { clockFrom } from '@washops/client-core';
import { AUDIT_CSV_COLUMNS } from '@washops/operations';
import { openStore, type AuditEvent, type NewAuditEvent, type Store } from '@washops/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliIo, main } from '../src/index.js';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

let dataDir: string;
/** Hosts the data folder for the whole file, as a running portal would; each command is its client. */
let host: Store;
const DAY_MS = 86_400_000;

/** `main` in this process on the file's data folder; `answer` is typed at a terminal when given. */
async function washops(argv: string[], options: { now?: Date; answer?: string } = {}): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const stdin = Object.assign(new PassThrough(), { isTTY: options.answer !== undefined });
  if (options.answer !== undefined) stdin.end(`${options.answer}\n`);
  else stdin.end();
  const io: CliIo = {
    stdin,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: { WASHOPS_DATA_DIR: dataDir },
    cwd: process.cwd(),
    ...(options.now ? { clock: clockFrom(options.now.getTime()) } : {}),
  };
  return { code: await main(argv, io), stdout, stderr };
}

const event = (overrides: Partial<NewAuditEvent>): NewAuditEvent => ({
  correlationId: randomUUID(),
  actor: 'ada',
  channel: 'portal',
  operation: 'employee.create',
  target: {},
  input: {},
  ...overrides,
});

/** Three finished events and one still started, in this order (oldest first). */
const seeded: AuditEvent[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'washops-cli-audit-'));
  host = await openStore({ dataDir });
  const created = await host.audit.start(event({ target: { posUserId: 7217 }, input: { firstName: 'Grace', posPin: 'generated' } }));
  await host.audit.finish(created.id, { state: 'succeeded', outcome: { summary: { employeeId: 1042 } }, target: { employeeId: 1042 } });
  const refused = await host.audit.start(event({ actor: 'ops-bot', channel: 'mcp', operation: 'employee.disable', target: { posUserId: 9999 } }));
  await host.audit.finish(refused.id, { state: 'failed', outcome: { code: 'NOT_FOUND', message: 'No employee has POS user id 9999.' } });
  const added = await host.audit.start(event({ actor: 'root', channel: 'cli', operation: 'portal_user.add', target: { portalUsername: 'bob' } }));
  await host.audit.finish(added.id, { state: 'succeeded', outcome: { summary: { role: 'viewer' } } });
  await host.audit.start(event({ actor: 'ops-bot', channel: 'mcp', operation: 'employee.create', target: { employeeId: 1043 } }));
  const all = await host.audit.list({});
  seeded.push(...all.events.reverse());
});

afterAll(async () => {
  await host?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The data rows of the table: one array of cells per event. */
function tableRows(stdout: string): string[][] {
  return stdout
    .trim()
    .split('\n')
    .slice(1)
    .filter((line) => !line.startsWith('Showing'))
    .map((line) => line.split(/\s{2,}/));
}

describe('washops audit', () => {
  it('shows a table, newest first, with who, from where, what, on whom, how it ended and the reference', async () => {
    const run = await washops(['audit']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout.split('\n')[0]).toMatch(/^STARTED\s+STATE\s+CHANNEL\s+ACTOR\s+OPERATION\s+TARGET\s+REFERENCE\s+OUTCOME$/);
    const rows = tableRows(run.stdout);
    expect(rows.map((row) => row[5])).toEqual(['employee 1043', 'portal user bob', 'POS 9999', 'employee 1042, POS 7217']);
    expect(rows[2]).toEqual([expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/), 'failed', 'mcp', 'ops-bot', 'employee.disable', 'POS 9999', seeded[1]!.correlationId, 'NOT_FOUND: No employee has POS user id 9999.']);
    expect(rows[0]![1]).toBe('started');
  });

  it('flags a write started long ago and never finished as needing attention', async () => {
    const run = await washops(['audit', '--state', 'started'], { now: new Date(Date.now() + 10 * 60_000) });
    expect(tableRows(run.stdout).map((row) => row[1])).toEqual(['started (needs attention)']);
  });

  it('filters by actor, channel, operation, state, employee and day (since inclusive, until exclusive)', async () => {
    const operations = async (...filters: string[]) => tableRows((await washops(['audit', ...filters])).stdout).map((row) => row[4]);
    expect(await operations('--actor', 'ops-bot')).toEqual(['employee.create', 'employee.disable']);
    expect(await operations('--channel', 'cli')).toEqual(['portal_user.add']);
    expect(await operations('--operation', 'employee.create', '--state', 'succeeded')).toEqual(['employee.create']);
    expect(await operations('--employee', '1042')).toEqual(['employee.create']);
    const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
    // An until day includes that whole day.
    expect(await operations('--since', day(0), '--until', day(0))).toHaveLength(4);
    expect((await washops(['audit', '--since', day(1)])).stdout).toBe('No audit events match.\n');
    expect((await washops(['audit', '--until', day(-1)])).stdout).toBe('No audit events match.\n');
    expect(await operations('--until', new Date(Date.now() + 60_000).toISOString())).toHaveLength(4);
    expect((await washops(['audit', '--until', seeded[0]!.startedAt.toISOString()])).stdout).toBe('No audit events match.\n');
  });

  it('caps the table at --limit and says that more match', async () => {
    const run = await washops(['audit', '--limit', '2']);
    expect(tableRows(run.stdout)).toHaveLength(2);
    expect(run.stdout).toContain('Showing the newest 2; more match');
  });

  it('writes every matching event as CSV, header first, and as a JSON array with ISO times', async () => {
    const csv = await washops(['audit', '--format', 'csv']);
    expect(csv.code).toBe(0);
    const lines = csv.stdout.trim().split(/\r?\n/);
    expect(lines[0]).toBe(AUDIT_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(5);
    expect(lines[1]).toContain(seeded[3]!.correlationId);
    expect((await washops(['audit', '--format', 'csv', '--limit', '1'])).stdout.trim().split(/\r?\n/)).toHaveLength(2);

    const json = await washops(['audit', '--format', 'json', '--channel', 'mcp']);
    const events = JSON.parse(json.stdout) as Array<Record<string, unknown>>;
    expect(events.map((e) => e['operation'])).toEqual(['employee.create', 'employee.disable']);
    expect(events[1]).toMatchObject({ id: seeded[1]!.id, state: 'failed', needsAttention: false, startedAt: seeded[1]!.startedAt.toISOString(), finishedAt: expect.stringMatching(/Z$/) });
    expect(events[0]).toMatchObject({ state: 'started', finishedAt: null });
    expect(JSON.parse((await washops(['audit', '--format', 'json', '--actor', 'nobody'])).stdout)).toEqual([]);
  });

  it('refuses a bad date, channel, state, format or limit as a usage error (2), saying which', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['--since', '2026-13-45'], /^error: since must be a date \(YYYY-MM-DD\) or an ISO instant/],
      [['--since', '2026-11-02', '--until', '2026-11-01T00:00:00Z'], /until must be after since/],
      [['--channel', 'fax'], /channel/],
      [['--state', 'done'], /state/],
      [['--format', 'xml'], /table, csv, json/],
      [['--limit', '0'], /--limit must be a whole number/],
      [['--employee', 'abc'], /--employee must be a whole number/],
    ];
    for (const [args, message] of cases) {
      const run = await washops(['audit', ...args]);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr, args.join(' ')).toMatch(message);
      expect(run.stdout).toBe('');
    }
  });
});

describe('washops audit prune', () => {
  it('has help, for the log and for prune', async () => {
    expect(await washops(['audit', '--help'])).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Usage: washops audit \[options\] \[command\][\s\S]*--format <format>[\s\S]*prune \[options\]/) });
    expect(await washops(['audit', 'prune', '--help'])).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Usage: washops audit prune \[options\][\s\S]*--older-than-days <n>[\s\S]*--yes/) });
  });

  it('needs --older-than-days', async () => {
    expect(await washops(['audit', 'prune'])).toMatchObject({ code: 2, stderr: expect.stringContaining("required option '--older-than-days <n>'") });
  });

  it('asks on a terminal and deletes nothing unless the answer is yes', async () => {
    const run = await washops(['audit', 'prune', '--older-than-days', '1'], { answer: 'n', now: new Date(Date.now() + 3 * DAY_MS) });
    expect(run).toMatchObject({ code: 0, stdout: 'Nothing deleted.\n' });
    expect(run.stderr).toMatch(/^Delete every audit event that finished before .* UTC\? \[y\/N\] $/);
    expect((await host.audit.list({})).events).toHaveLength(4);
  });

  it('deletes only finished events older than N days, keeping newer ones and any still started, and prints the count', async () => {
    const inThreeDays = new Date(Date.now() + 3 * DAY_MS);
    expect(await washops(['audit', 'prune', '--older-than-days', '5', '--yes'], { now: inThreeDays })).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^Deleted 0 audit events that finished before /),
    });
    const pruned = await washops(['audit', 'prune', '--older-than-days', '2'], { answer: 'yes', now: inThreeDays });
    expect(pruned).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Deleted 3 audit events that finished before \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\.\n$/) });
    const left = (await host.audit.list({})).events;
    expect(left.map((e) => e.state)).toEqual(['started']);
  });
});
