import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock } from '@washops/client-core';
import { pinnedClock, SMALL_CHAIN_SITES, startTransactionsSimulator, type TransactionsSimulator } from '@washops/transactions-simulator';
import { afterAll, beforeAll, expect } from 'vitest';
import { type CliIo, main } from '../src/index.js';

export const API = { apiId: 'demo', apiKey: 'api-key-canary-5e21' };

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

export interface SyncHarness {
  api(): TransactionsSimulator;
  /** The temporary data folder (not created until a command opens it). */
  dataDir(): string;
  /** `washops <args>` in this process, on the Data API simulator (time scaled down) and the temporary data folder. */
  washops(args: string[], env?: NodeJS.ProcessEnv): Promise<Run>;
  /** The variables those commands get (for a command run in a child process). */
  env(): NodeJS.ProcessEnv;
  /** Output of a child process, scanned for the API key with the rest. */
  seen(text: string): void;
  /** The UTC day `days` before the harness's today: the simulator has a full day of sales for it. */
  dayBack(days: number): string;
}

export interface SyncHarnessOptions {
  /**
   * Today for the simulator and the commands run in this process: default `pinnedClock()`. A test whose
   * commands run in child processes passes `systemClock` (the command line reads the system clock).
   */
  clock?: Clock;
}

/** A simulator and a temporary data folder for the file's tests; at the end, no output showed the API key. */
export function syncHarness(options: SyncHarnessOptions = {}): SyncHarness {
  const clock = options.clock ?? pinnedClock();
  let api: TransactionsSimulator | undefined;
  let workDir = '';
  const outputs: string[] = [];
  beforeAll(async () => {
    // The small chain (every shape of the whole one): a resources sync reads a few sites' records, not 23.
    api = await startTransactionsSimulator({ port: 0, credentials: [API], timeScale: 0.01, jobDurationMs: 500, sites: SMALL_CHAIN_SITES, clock });
    workDir = await mkdtemp(join(tmpdir(), 'washops-sync-'));
  });
  afterAll(async () => {
    await api?.close();
    if (workDir) await rm(workDir, { recursive: true, force: true });
    expect(outputs.join('\n')).not.toContain(API.apiKey);
  });
  const dataDir = () => join(workDir, 'data');
  const baseEnv = (): NodeJS.ProcessEnv => ({
    DATA_API_ID: API.apiId,
    DATA_API_KEY: API.apiKey,
    DATA_API_BASE_URL: api!.url,
    DATA_API_TIME_SCALE: '0.01',
    WASHOPS_DATA_DIR: dataDir(),
    USER: 'ops-tester',
  });
  return {
    api: () => api!,
    dataDir,
    env: baseEnv,
    async washops(args, env = {}) {
      let stdout = '';
      let stderr = '';
      const io: CliIo = {
        stdin: process.stdin,
        stdout: { write: (text: string) => void (stdout += text) },
        stderr: { write: (text: string) => void (stderr += text), isTTY: false },
        env: { ...baseEnv(), ...env },
        cwd: workDir,
        clock,
      };
      const code = await main(args, io);
      outputs.push(stdout, stderr);
      return { code, stdout, stderr };
    },
    seen: (text: string) => void outputs.push(text),
    dayBack: (days: number) => new Date(clock.now() - days * 86_400_000).toISOString().slice(0, 10),
  };
}

