import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { DEMO_HEADERS, FIXED_NOW } from './helpers.js';

const BIN = fileURLToPath(new URL('../bin/washops-transactions-simulator.mjs', import.meta.url));
/** The tests' today, as the command line takes it. */
const NOW_ARG = new Date(FIXED_NOW).toISOString();

describe('washops-transactions-simulator (the bin)', () => {
  it('starts on the given port and prints URL, credentials and a curl command that works', async () => {
    const lines: string[] = [];
    const sim = await main(['--port', '0', '--seed', 'demo', '--api-id', 'cli-id', '--api-key', 'cli-key', '--now', NOW_ARG], {
      out: (l) => lines.push(l),
      err: (l) => lines.push(l),
    });
    try {
      expect(sim).toBeDefined();
      const text = lines.join('\n');
      expect(text).toContain(sim!.url);
      expect(text).toContain('cli-id');
      expect(text).toContain('cli-key');
      const curl = lines.find((l) => l.trim().startsWith('curl') && l.includes('/transaction'))!;
      const url = /'(http[^']+)'/.exec(curl)![1]!;
      const headers = Object.fromEntries([...curl.matchAll(/-H '([^:]+): ([^']+)'/g)].map((m) => [m[1]!, m[2]!]));
      const res = await fetch(url, { headers });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { data: { transactions: unknown[] } };
      expect(body.data.transactions.length).toBeGreaterThan(0);
    } finally {
      await sim?.close();
    }
  });

  it('rejects bad arguments with a message', async () => {
    await expect(main(['--port', 'abc'], { out: () => {}, err: () => {} })).rejects.toThrow(/--port/);
    await expect(main(['--error-envelope', 'nested'], { out: () => {}, err: () => {} })).rejects.toThrow(/flat or wrapped/);
    await expect(main(['--bogus'], { out: () => {}, err: () => {} })).rejects.toThrow();
    const help: string[] = [];
    expect(await main(['--help'], { out: (l) => help.push(l), err: () => {} })).toBeUndefined();
    expect(help.join('\n')).toContain('--api-key');
  });

  it('--now pins the simulator\'s today: the default range is that day up to the instant, whatever day the test runs', async () => {
    const lines: string[] = [];
    const sim = await main(['--port', '0', '--now', '2026-11-20T15:30:00-06:00'], { out: (l) => lines.push(l), err: () => {} });
    try {
      expect(lines.join('\n')).toContain(`now:     from ${NOW_ARG} (--now)`);
      const res = await fetch(`${sim!.url}/transaction?site=NAPER&limit=100`, { headers: DEMO_HEADERS });
      const body = (await res.json()) as { data: { transactions: Array<{ date: string }>; total: number } };
      expect(body.data.total).toBeGreaterThan(100);
      const dates = body.data.transactions.map((t) => Date.parse(t.date));
      const midnight = Math.floor(FIXED_NOW / 86_400_000) * 86_400_000;
      expect(Math.min(...dates)).toBeGreaterThanOrEqual(midnight);
      expect(Math.max(...dates)).toBeLessThanOrEqual(FIXED_NOW + 60_000);
    } finally {
      await sim?.close();
    }
    const help: string[] = [];
    await main(['--help'], { out: (l) => help.push(l), err: () => {} });
    expect(help.join('\n')).toMatch(/--now <instant>\s+pin the simulator's "now"/);
  });

  it('refuses a --now that is not an ISO 8601 instant, with a usage error naming it', async () => {
    const io = { out: () => {}, err: () => {} };
    for (const bad of ['tomorrow', '2026-11-20', '2026-11-20T17:00:00', '2026-02-30T17:00:00Z', '2026-11-20T25:00:00Z', '1795194000000', '']) {
      await expect(main(['--port', '0', '--now', bad], io), bad).rejects.toThrow(`--now must be an ISO 8601 instant such as 2026-11-20T17:00:00Z, got "${bad}"`);
    }
  });

  it('runs as a process, serves transactions, and exits cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, [BIN, '--port', '0', '--api-id', 'proc', '--api-key', 'proc-key', '--time-scale', '0.1', '--now', NOW_ARG], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /listening at (http:\/\/\S+)/.exec(out);
          if (match) resolve(match[1]!);
        });
        child.once('exit', (code) => reject(new Error(`exited early with ${code}: ${out}`)));
      });
      const res = await fetch(`${url}/transaction?limit=3`, { headers: { 'X-Sonnys-API-ID': 'proc', 'X-Sonnys-API-Key': 'proc-key' } });
      expect(res.status).toBe(200);
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
