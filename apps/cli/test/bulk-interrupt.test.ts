// Ctrl-C during a bulk import: the first stops taking rows and lets the rows in flight finish (exit 130, resumable);
// the second quits at once. Either way the same command resumes, and no one is created twice.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBackofficeSimulator, type BackofficeSimulator } from '@washops/backoffice-simulator';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliIo, main } from '../src/index.js';

const bin = fileURLToPath(new URL('../bin/washops.mjs', import.meta.url));
const HEADER = 'firstName,lastName,phone,email,posUserId,wageRate,startDate,availableSites,permission,departments';
const ROWS = 12;

let sim: BackofficeSimulator;
let workDir: string;

function env(): NodeJS.ProcessEnv {
  return { BACKOFFICE_SUBDOMAIN: 'demo', BACKOFFICE_USERNAME: 'bot', BACKOFFICE_PASSWORD: 'bot-password', BACKOFFICE_BASE_URL: sim.url, WASHOPS_DATA_DIR: join(workDir, 'data') };
}

/** A file of hires the tenant does not have, from `first` on. */
async function hiresFile(name: string, first: number): Promise<{ path: string; posUserIds: number[] }> {
  const posUserIds = Array.from({ length: ROWS }, (_, i) => first + i);
  const lines = posUserIds.map((id) => ['Stop', `Hire${id}`, `(776) ${String(id).slice(0, 3)}-${String(id).slice(-4)}`, `stop.hire${id}@example.invalid`, id, '15.00', '2026-05-01', 'nolo', 'Cashier', 'Greeter'].join(','));
  const path = join(workDir, name);
  await writeFile(path, `${HEADER}\n${lines.join('\n')}\n`);
  return { path, posUserIds };
}

/** `washops employees import <file>` in this process; `onStderr` sees stderr as it grows. */
async function importHere(file: string, onStderr: (stderr: string) => void = () => undefined): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdin: process.stdin,
    stdout: { write: (text: string) => void (stdout += text) },
    stderr: {
      write: (text: string) => {
        stderr += text;
        onStderr(stderr);
      },
      isTTY: false,
    },
    env: env(),
    cwd: workDir,
  };
  const code = await main(['employees', 'import', file], io);
  return { code, stdout, stderr };
}

function createdOnce(posUserIds: number[]): boolean {
  return posUserIds.every((id) => sim.control.employees().filter((e) => e.posUserId === id).length === 1);
}

beforeAll(async () => {
  sim = await startBackofficeSimulator({ seed: 'cli-interrupt', latencyMs: 40 });
  workDir = await mkdtemp(join(tmpdir(), 'washops-bulk-stop-'));
});

afterAll(async () => {
  await sim?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('Ctrl-C during a bulk import', () => {
  it('the first lets the rows in flight finish and stops (130) with a results file so far; the same command resumes', async () => {
    const { path, posUserIds } = await hiresFile('stop-once.csv', 655_100);
    let signalled = false;
    const stopped = await importHere(path, (stderr) => {
      if (!signalled && /progress: /.test(stderr)) {
        signalled = true;
        process.emit('SIGINT');
      }
    });
    expect(stopped.code, `${stopped.stdout}\n${stopped.stderr}`).toBe(130);
    expect(stopped.stderr).toContain('Stopping: the rows in flight finish first (Ctrl-C again to quit at once).');
    expect(stopped.stdout).toMatch(/Stopped\. Run the same command with the same file again to resume run \S+\./);
    const partial = parse(await readFile(join(workDir, 'stop-once.results.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
    const doneSoFar = partial.filter((row) => row['outcome'] === 'created');
    expect(doneSoFar.length).toBeLessThan(ROWS);
    for (const row of doneSoFar) expect(row['posPin']).toMatch(/^\d{5}$/);

    const resumed = await importHere(path);
    expect(resumed.code, `${resumed.stdout}\n${resumed.stderr}`).toBe(0);
    expect(resumed.stdout).toMatch(new RegExp(`Resuming run \\S+: ${doneSoFar.length} of ${ROWS} rows done\\.`));
    expect(resumed.stdout).toContain(`${ROWS} rows of ${ROWS} created, 0 failed.`);
    expect(createdOnce(posUserIds)).toBe(true);
  });

  it('the second quits at once (130) saying how to resume, and the next run settles the rows it cut off', async () => {
    const { path, posUserIds } = await hiresFile('stop-twice.csv', 655_200);
    const child = spawn(process.execPath, [bin, 'employees', 'import', path], { env: { ...process.env, ...env(), DATABASE_URL: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let signalled = false;
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (!signalled && stderr.includes('progress: ')) {
        signalled = true;
        child.kill('SIGINT');
        setTimeout(() => child.kill('SIGINT'), 20);
      }
    });
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect(code, stderr).toBe(130);
    expect(stderr).toContain('Interrupted before the rows in flight finished. Run the same command with the same file again');

    const resumed = await importHere(path);
    expect(resumed.code, `${resumed.stdout}\n${resumed.stderr}`).toBe(0);
    expect(resumed.stdout).toContain(`${ROWS} rows of ${ROWS} created, 0 failed.`);
    expect(createdOnce(posUserIds)).toBe(true);
  });
});
