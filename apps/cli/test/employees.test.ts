import { statSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBackofficeSimulator, type BackofficeSimulator } from '@washops/backoffice-simulator';
import { openStore } from '@washops/store';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cliActor } from '../src/actor.js';
import { type CliIo, main } from '../src/index.js';

const HEADER = 'firstName,lastName,phone,email,posUserId,wageRate,startDate,availableSites,permission,departments,requiresBackoffice,backofficeUsername';
/** The minimal header: the required columns only. */
const REQUIRED_HEADER = 'firstName,lastName,phone,email,posUserId,wageRate,startDate,availableSites,permission,departments';

let sim: BackofficeSimulator;
let workDir: string;
let dataDir: string;
/** Every output of the file's commands, checked at the end for the generated secrets. */
const outputs: string[] = [];
/** The generated PINs and passwords the results files held. */
const secrets: string[] = [];

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `washops <args>` in this process, on the simulator and the temporary data folder. */
async function washops(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdin: process.stdin,
    stdout: { write: (text: string) => void (stdout += text) },
    stderr: { write: (text: string) => void (stderr += text), isTTY: false },
    env: {
      BACKOFFICE_SUBDOMAIN: 'demo',
      BACKOFFICE_USERNAME: 'bot',
      BACKOFFICE_PASSWORD: 'bot-password',
      BACKOFFICE_BASE_URL: sim.url,
      WASHOPS_DATA_DIR: dataDir,
      USER: 'ops-tester',
      ...env,
    },
    cwd: workDir,
  };
  const code = await main(args, io);
  outputs.push(stdout, stderr);
  return { code, stdout, stderr };
}

let nextPosUserId = 640_000;
/** A hire the simulated tenant does not have yet. */
function hire(overrides: Record<string, string> = {}): Record<string, string> {
  nextPosUserId += 1;
  const id = nextPosUserId;
  return {
    firstName: 'Test',
    lastName: `Hire${id}`,
    phone: `(779) ${String(id).slice(0, 3)}-${String(id).slice(-4)}`,
    email: `test.hire${id}@example.invalid`,
    posUserId: String(id),
    wageRate: '16.50',
    startDate: '2026-05-01',
    availableSites: 'WashU Fiesta;nolo',
    permission: 'Cashier',
    departments: 'Greeter',
    ...overrides,
  };
}

function csv(rows: Record<string, string>[], header = HEADER): string {
  const columns = header.split(',');
  const quote = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  return `${header}\n${rows.map((row) => columns.map((column) => quote(row[column] ?? '')).join(',')).join('\n')}\n`;
}

async function fileOf(name: string, content: string | Uint8Array): Promise<string> {
  const path = join(workDir, name);
  await writeFile(path, content);
  return path;
}

/** The simulator's write POSTs (sign-ins aside): none means nothing was written. */
function writePosts(): number {
  return sim.control.requests().filter((r) => r.method === 'POST' && !r.path.startsWith('/login')).length;
}

function resultsOf(path: string): Promise<Record<string, string>[]> {
  return readFile(path, 'utf8').then((text) => parse(text, { columns: true }) as Record<string, string>[]);
}

beforeAll(async () => {
  sim = await startBackofficeSimulator({ seed: 'cli-employees' });
  workDir = await mkdtemp(join(tmpdir(), 'washops-employees-'));
  dataDir = join(workDir, 'data');
});

beforeEach(() => sim.control.clearRequests());

afterAll(async () => {
  await sim?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('washops employees template', () => {
  it('prints the header and one example row of each kind, or writes it to a file', async () => {
    const create = await washops(['employees', 'template', 'create']);
    expect(create.code).toBe(0);
    const [header, example, rest] = create.stdout.split(/\r?\n/);
    expect(header?.split(',')).toEqual(expect.arrayContaining(HEADER.split(',')));
    expect(example).toBeTruthy();
    expect(rest).toBe('');
    const disable = await washops(['employees', 'template', 'disable', '--output', 'leavers.csv']);
    expect(disable).toMatchObject({ code: 0, stdout: `Template: ${join(workDir, 'leavers.csv')}\n` });
    expect((await readFile(join(workDir, 'leavers.csv'), 'utf8')).split(/\r?\n/)[0]).toMatch(/posUserId|email/);
    expect((await washops(['employees', 'template', 'hire'])).code).toBe(2);
  });
});

describe('washops employees import', () => {
  it('--dry-run checks every row against the tenant, prints the table and writes nothing', async () => {
    const file = await fileOf('dry.csv', csv([hire(), hire()]));
    const run = await washops(['employees', 'import', file, '--dry-run']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^ROW {2}STATUS/m);
    expect(run.stdout).toContain('Checked dry.csv: 2 rows: 2 ok, 0 with warnings, 0 with errors.');
    expect(run.stdout).toContain('Dry run: nothing was written.');
    expect(writePosts()).toBe(0);
  });

  it('creates every row as the OS user, with progress, a private results file holding the PINs, and exit 0', async () => {
    const rows = [hire(), hire({ requiresBackoffice: 'yes', backofficeUsername: `cli_hire_${nextPosUserId + 1}` }), hire()];
    const file = await fileOf('hires.csv', csv(rows));
    const run = await washops(['employees', 'import', file]);
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stderr).toMatch(/^progress: 0 of 3 done/m);
    expect(run.stdout).toContain(`Results: ${join(workDir, 'hires.results.csv')}`);
    expect(run.stdout).toContain('3 rows of 3 created, 0 failed.');
    expect(statSync(join(workDir, 'hires.results.csv')).mode & 0o777).toBe(0o600);
    const results = await resultsOf(join(workDir, 'hires.results.csv'));
    expect(results.map((r) => [r['row'], r['posUserId']])).toEqual(rows.map((row, i) => [String(i + 2), row['posUserId']]));
    for (const result of results) {
      const employee = sim.control.employees().find((e) => String(e.posUserId) === result['posUserId']);
      expect(result['posPin']).toBe(String(employee?.posPin));
      expect(result['employeeId']).toBe(String(employee?.id));
      secrets.push(result['posPin'] as string);
    }
    expect(results[1]?.['backofficeUsername']).toBe(rows[1]?.['backofficeUsername']);
    expect(results[1]?.['backofficePassword']?.length).toBeGreaterThanOrEqual(8);
    secrets.push(results[1]?.['backofficePassword'] as string);
    const store = await openStore({ dataDir });
    try {
      const events = await store.audit.list({ operation: 'employee.create' }, { limit: 10 });
      const created = events.events.filter((event) => rows.some((row) => event.target.posUserId === Number(row['posUserId'])));
      expect(created.map((event) => [event.channel, event.actor, event.state])).toEqual(Array(3).fill(['cli', cliActor(process.env).name, 'succeeded']));
    } finally {
      await store.close();
    }
  });

  it('the same file again after every row was done comes back to its run: nothing written, results again, exit 0', async () => {
    const rows = [hire(), hire()];
    const file = await fileOf('twice.csv', csv(rows));
    expect((await washops(['employees', 'import', file])).code).toBe(0);
    const writes = writePosts();
    const again = await washops(['employees', 'import', file]);
    expect(again.code, `${again.stdout}\n${again.stderr}`).toBe(0);
    expect(again.stdout).toMatch(/All 2 rows were done in run [0-9a-f-]{36} on \d{4}-\d\d-\d\dT/);
    expect(again.stdout).toContain('were handed out earlier');
    expect(writePosts()).toBe(writes);
    const results = await resultsOf(join(workDir, 'twice.results.csv'));
    expect(results.map((r) => [r['outcome'], r['posPin']])).toEqual(rows.map(() => ['created', expect.stringMatching(/^\(shown once, /)]));
  });

  it('the same file again after a row failed with nothing applied resumes its run and creates that row (exit 0)', async () => {
    const rows = [hire(), hire()];
    const file = await fileOf('retry.csv', csv(rows));
    const fault = sim.control.inject({ route: 'POST /employee/insert', kind: 'serverError', count: 1 });
    try {
      expect((await washops(['employees', 'import', file, '--concurrency', '1'])).code).toBe(1);
    } finally {
      fault.remove();
    }
    const again = await washops(['employees', 'import', file]);
    expect(again.code, `${again.stdout}\n${again.stderr}`).toBe(0);
    expect(again.stdout).toMatch(/Resuming run [0-9a-f-]{36}: 1 of 2 rows done/);
    expect(again.stdout).toContain('2 rows of 2 created, 0 failed.');
    for (const row of rows) expect(sim.control.employees().filter((e) => String(e.posUserId) === row['posUserId'])).toHaveLength(1);
  });

  it('a row that fails at its write leaves the others done and exits 1, its error in the results file', async () => {
    const rows = [hire(), hire()];
    const file = await fileOf('one-fails.csv', csv(rows));
    const fault = sim.control.inject({ route: 'POST /employee/insert', kind: 'serverError', count: 1 });
    try {
      const run = await washops(['employees', 'import', file, '--concurrency', '1']);
      expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(1);
      expect(run.stdout).toContain('1 row of 2 created, 1 failed.');
      const results = await resultsOf(join(workDir, 'one-fails.results.csv'));
      expect(results.map((r) => r['outcome'])).toEqual(['failed', 'created']);
      expect(results[0]?.['posPin']).toBe('');
      expect(results[0]?.['error']).not.toBe('');
      expect(sim.control.employees().filter((e) => String(e.posUserId) === rows[0]?.['posUserId'])).toHaveLength(0);
    } finally {
      fault.remove();
    }
  });

  it('a run left with only a half-done row says so by row and exits 1, not as if interrupted; the same file completes it', async () => {
    const rows = [hire(), hire()];
    const file = await fileOf('half-done.csv', csv(rows));
    const fault = sim.control.inject({ route: 'POST /employee/permissions/update', kind: 'serverError', count: 1 });
    let run: Run;
    try {
      run = await washops(['employees', 'import', file, '--concurrency', '1']);
    } finally {
      fault.remove();
    }
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(1);
    expect(run.stdout).toMatch(/1 row \(row 2\) half done — the employee exists, a later step did not finish\. Run the same file again to complete it/);
    expect(run.stdout).not.toContain('Stopped.');
    const again = await washops(['employees', 'import', file]);
    expect(again.code, `${again.stdout}\n${again.stderr}`).toBe(0);
    expect(again.stdout).toContain('2 rows of 2 created, 0 failed.');
  });

  it('a row with a wrong type or a POS id used twice in the file stops the run before any write (exit 1)', async () => {
    const twice = hire();
    const file = await fileOf('bad-rows.csv', csv([hire({ wageRate: 'lots' }), twice, { ...hire(), posUserId: twice['posUserId'] as string }]));
    const run = await washops(['employees', 'import', file]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^2 +error +wageRate +\S/m);
    expect(run.stdout).toMatch(/^4 +error +posUserId +.*/m);
    expect(run.stdout).toContain('Nothing was written: fix the rows with errors and run the command again.');
    expect(writePosts()).toBe(0);
  });

  it('a missing column, a 10 MB file or a binary file is refused as unusable (exit 2), naming the problem, with no write', async () => {
    const missing = await fileOf('missing.csv', csv([hire()], REQUIRED_HEADER.replace(',posUserId', '')));
    const noColumn = await washops(['employees', 'import', missing]);
    expect(noColumn.code).toBe(2);
    expect(noColumn.stderr).toContain('posUserId');

    const big = await fileOf('big.csv', `${REQUIRED_HEADER}\n${`${Object.values(hire()).join(',')}\n`.repeat(110_000)}`);
    expect(statSync(big).size).toBeGreaterThan(10_000_000);
    const tooBig = await washops(['employees', 'import', big]);
    expect(tooBig).toMatchObject({ code: 2 });
    expect(tooBig.stderr).toMatch(/^big\.csv is 1\d\.\d MiB; the largest accepted is 1 MiB\. Split it into smaller files\.$/m);

    const binary = await fileOf('binary.csv', new Uint8Array([0x66, 0x69, 0x72, 0x73, 0x74, 0x00, 0x01, 0xff, 0xfe, 0x0a]));
    const notText = await washops(['employees', 'import', binary]);
    expect(notText.code).toBe(2);
    expect(notText.stderr.length).toBeGreaterThan(10);

    const absent = await washops(['employees', 'import', join(workDir, 'nowhere.csv')]);
    expect(absent).toMatchObject({ code: 2, stderr: expect.stringContaining('no such file') });

    // The results file is the only place the PINs are shown: a run with nowhere to put it does not start.
    const good = await fileOf('good.csv', csv([hire()]));
    const nowhere = await washops(['employees', 'import', good, '--results', join(workDir, 'no-such-folder', 'out.csv')]);
    expect(nowhere).toMatchObject({ code: 2, stderr: expect.stringContaining('Cannot write the results file') });
    expect(writePosts()).toBe(0);
  });

  it('--concurrency outside 1..8 and a missing tenant are usage errors (exit 2)', async () => {
    const file = await fileOf('usage.csv', csv([hire()]));
    const tooMany = await washops(['employees', 'import', file, '--concurrency', '9']);
    expect(tooMany.code).toBe(2);
    expect(tooMany.stderr).toContain('--concurrency must be a whole number from 1 to 8.');
    const noTenant = await washops(['employees', 'import', file], { BACKOFFICE_SUBDOMAIN: '' });
    expect(noTenant.code).toBe(2);
    expect(noTenant.stderr).toContain('BACKOFFICE_SUBDOMAIN');
    expect(writePosts()).toBe(0);
  });
});

describe('washops employees disable and results', () => {
  it('disables the leavers of a file; results writes a run’s file again, saying its secrets were shown already', async () => {
    const targets = sim.control.employees().filter((e) => e.isActive && e.email && e.posUserId < 600_000).slice(0, 2);
    const file = await fileOf('leavers.csv', `posUserId,email\n${targets[0]?.posUserId},\n,${targets[1]?.email}\n`);
    const run = await washops(['employees', 'disable', file, '--results', 'leavers-done.csv']);
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toContain('2 rows of 2 disabled, 0 failed.');
    expect(targets.map((t) => sim.control.employee(t.id)?.isActive)).toEqual([false, false]);
    const disabled = await resultsOf(join(workDir, 'leavers-done.csv'));
    expect(disabled.map((r) => [r['row'], r['outcome'], r['employeeId']])).toEqual(targets.map((t, i) => [String(i + 2), 'disabled', String(t.id)]));

    const store = await openStore({ dataDir });
    const runId = await (async () => {
      try {
        const runs = await store.bulkRuns.list({ limit: 10 });
        return runs.find((r) => r.fileName === 'hires.csv')?.id as string;
      } finally {
        await store.close();
      }
    })();
    const again = await washops(['employees', 'results', runId, '--output', 'hires-again.csv']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('were handed out earlier');
    const rows = await resultsOf(join(workDir, 'hires-again.csv'));
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row['posPin']).toMatch(/^\(shown once, /);
    const unknown = await washops(['employees', 'results', '00000000-0000-4000-8000-000000000000']);
    expect(unknown.code).toBe(1);
  });

  it('a cell a spreadsheet would run as a formula comes back escaped in the results file', async () => {
    const formula = hire({ email: '=HYPERLINK("http://evil.invalid")@example.invalid' });
    const file = await fileOf('formula.csv', csv([formula]));
    const run = await washops(['employees', 'import', file]);
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    const [result] = await resultsOf(join(workDir, 'formula.results.csv'));
    expect(result?.['email']).toBe(`'${formula['email']}`);
  });
});

describe('secrets', () => {
  it('no generated PIN or password ever reached stdout or stderr', async () => {
    expect(secrets.length).toBeGreaterThanOrEqual(4);
    for (const output of outputs) for (const secret of secrets) expect(output).not.toContain(secret);
  });
});
