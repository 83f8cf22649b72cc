// The crash test of bulk imports: the real command in a child process, killed with SIGKILL at random moments of its
// run five times and run again each time, then once more to the end. Every hire must exist exactly once on the
// BackOffice (every third with its linked Back Office user, made once), every row be done, and the results file of
// the import that finished the run hold every row with its PIN.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBackofficeSimulator, type BackofficeSimulator } from '@washops/backoffice-simulator';
import { bulkChanges, connectBackoffice, Operations } from '@washops/operations';
// The project's seeded PRNG, so a failing seed can be replayed; apps may not otherwise import the simulators' kit.
import { Prng } from '@washops/sim-kit';
import { openStore, type OpenStoreOptions } from '@washops/store';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../bin/washops.mjs', import.meta.url));
const ROWS = 24;
const KILLS = 5;
/** Slow enough that a run takes a few seconds, so the kills land mid-run. */
const LATENCY_MS = 25;
/** A kill comes after 1 to this many more write POSTs reached the simulator… */
const MAX_WRITES_BEFORE_KILL = 8;
/** …and then up to this long, so it lands anywhere in a row's steps (the write, its read-back, the next step). */
const MAX_KILL_DELAY_MS = 150;

const seed = process.env['BULK_CRASH_SEED'] ?? String(Date.now());
const random = new Prng(seed);
/** Drawn first from the seed: each seed has its own POS ids, so its own file and run. */
const firstPosUserId = 600_000 + random.int(0, 899) * 100;
const databaseUrl = process.env['WASHOPS_TEST_DATABASE_URL'];

let sim: BackofficeSimulator;
let workDir: string;
let store: OpenStoreOptions;

interface Child {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

const HEADER = 'firstName,lastName,phone,email,posUserId,wageRate,startDate,availableSites,permission,departments,requiresBackoffice,backofficeUsername';

/** Every third hire gets a linked Back Office user: its steps (user, template) are more moments for a kill. */
const linkedUsername = (n: number): string | null => (n % 3 === 0 ? `crash_${firstPosUserId + n}` : null);

/** A hire the seeded tenant does not have (POS id, email and phone from a range its seed does not use). */
function hireRow(n: number): string {
  const id = firstPosUserId + n;
  const phone = `(778) ${String(id).slice(0, 3)}-${String(id).slice(-4)}`;
  const username = linkedUsername(n);
  const linked = username ? ['yes', username] : ['', ''];
  return ['Crash', `Hire${n}`, phone, `crash.hire${id}@example.invalid`, id, '15.75', '2026-05-01', 'WashU Fiesta;nolo', 'Manager', 'Greeter', ...linked].join(',');
}

function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    BACKOFFICE_SUBDOMAIN: 'demo',
    BACKOFFICE_USERNAME: 'bot',
    BACKOFFICE_PASSWORD: 'bot-password',
    BACKOFFICE_BASE_URL: sim.url,
    WASHOPS_DATA_DIR: join(workDir, 'data'),
  };
  if (databaseUrl) env['DATABASE_URL'] = databaseUrl;
  else delete env['DATABASE_URL'];
  return env;
}

function writePosts(): number {
  return sim.control.requests().filter((r) => r.method === 'POST' && !r.path.startsWith('/login')).length;
}

interface Kill {
  afterWrites: number;
  delayMs: number;
}

/** `washops employees import hires.csv`; with `kill`, SIGKILL once that many more writes reached the simulator, after the delay. */
function importOnce(file: string, kill?: Kill): Promise<Child> {
  const child = spawn(process.execPath, [bin, 'employees', 'import', file], { env: childEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let watch: NodeJS.Timeout | undefined;
  if (kill) {
    const killAt = writePosts() + kill.afterWrites;
    watch = setInterval(() => {
      if (writePosts() < killAt) return;
      clearInterval(watch);
      setTimeout(() => child.kill('SIGKILL'), kill.delayMs);
    }, 10);
  }
  return new Promise((resolve) =>
    child.once('close', (code, signal) => {
      clearInterval(watch);
      resolve({ code, signal, stdout, stderr });
    }),
  );
}

beforeAll(async () => {
  sim = await startBackofficeSimulator({ seed: 'bulk-crash', latencyMs: LATENCY_MS });
  workDir = await mkdtemp(join(tmpdir(), 'washops-bulk-crash-'));
  store = databaseUrl ? { databaseUrl } : { dataDir: join(workDir, 'data') };
});

afterAll(async () => {
  await sim?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('a bulk import killed with SIGKILL five times', () => {
  it('resumes each time and in the end has created every row exactly once, with a complete results file', async () => {
    console.log(`bulk crash test: seed ${seed} (BULK_CRASH_SEED=${seed} replays the kill moments), ${databaseUrl ? 'PostgreSQL' : 'embedded store'}`);
    const file = join(workDir, 'hires.csv');
    const lines = Array.from({ length: ROWS }, (_, i) => hireRow(i + 1));
    await writeFile(file, `${HEADER}\n${lines.join('\n')}\n`);
    const posUserIds = lines.map((line) => Number(line.split(',')[4]));

    const kills: string[] = [];
    let killedBefore = false;
    const resultsPath = join(workDir, 'hires.results.csv');
    // The import that finishes the run writes the only results file with the PINs; later ones say they were shown.
    let finishedResults: string | undefined;
    for (let attempt = 1; attempt <= KILLS; attempt++) {
      const kill = { afterWrites: random.int(1, MAX_WRITES_BEFORE_KILL), delayMs: random.int(0, MAX_KILL_DELAY_MS) };
      const run = await importOnce(file, kill);
      const created = sim.control.employees().filter((e) => posUserIds.includes(e.posUserId)).length;
      kills.push(`kill ${attempt}: ${kill.delayMs} ms after ${kill.afterWrites} more writes → ${run.signal ?? `exit ${run.code}`}, ${created} of ${ROWS} created`);
      // The run was recorded before its rows were worked, so a rerun after a kill resumes it.
      if (killedBefore) expect(run.stdout).toMatch(new RegExp(`Resuming run \\S+: \\d+ of ${ROWS} rows done\\.`));
      if (run.signal !== 'SIGKILL') {
        expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
        finishedResults ??= readFileSync(resultsPath, 'utf8');
      }
      killedBefore = run.signal === 'SIGKILL';
    }
    console.log(kills.join('\n'));

    const last = await importOnce(file);
    expect(last.code, `${last.stdout}\n${last.stderr}`).toBe(0);
    if (finishedResults === undefined) {
      expect(last.stdout).toContain(`${ROWS} rows of ${ROWS} created, 0 failed.`);
      finishedResults = readFileSync(resultsPath, 'utf8');
    } else {
      expect(last.stdout).toContain(`All ${ROWS} rows were done in run`);
    }

    for (const posUserId of posUserIds) expect(sim.control.employees().filter((e) => e.posUserId === posUserId), `POS user id ${posUserId}`).toHaveLength(1);
    for (let n = 1; n <= ROWS; n++) {
      const username = linkedUsername(n);
      if (!username) continue;
      const users = sim.control.users().filter((u) => u.username === username);
      expect(users, `Back Office user ${username}`).toHaveLength(1);
      const employee = sim.control.employees().find((e) => e.posUserId === firstPosUserId + n);
      expect(users[0]?.employeeId, `Back Office user ${username}`).toBe(employee?.id);
    }

    const opened = await openStore(store);
    const backoffice = connectBackoffice({ baseUrl: sim.url, username: 'bot', password: 'bot-password' });
    try {
      const engine = bulkChanges({ store: opened, operations: new Operations({ store: opened, backoffice }), backoffice });
      const run = (await engine.list()).find((r) => r.fileName === 'hires.csv' && r.state === 'finished');
      expect(run).toBeDefined();
      const rows = await engine.rows(run?.id as string);
      expect(rows.map((r) => r.state)).toEqual(Array(ROWS).fill('done'));
    } finally {
      await backoffice.close();
      await opened.close();
    }

    const results = parse(finishedResults, { columns: true }) as Record<string, string>[];
    expect(results).toHaveLength(ROWS);
    for (const [index, row] of results.entries()) {
      expect(row['row']).toBe(String(index + 2));
      expect(row['posUserId']).toBe(String(posUserIds[index]));
      expect(row['posPin'], `row ${row['row']}`).toMatch(/^\d{5}$/);
      const employee = sim.control.employees().find((e) => e.posUserId === posUserIds[index]);
      expect(String(employee?.posPin)).toBe(row['posPin']);
      if (linkedUsername(index + 1)) expect(row['backofficePassword']?.length, `row ${row['row']}`).toBeGreaterThanOrEqual(8);
    }
  }, 240_000);
});
