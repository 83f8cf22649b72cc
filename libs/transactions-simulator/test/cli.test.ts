import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';

const BIN = fileURLToPath(new URL('../bin/washops-transactions-simulator.mjs', import.meta.url));

describe('washops-transactions-simulator (the bin)', () => {
  it('starts on the given port and prints URL, credentials and a curl command that works', async () => {
    const lines: string[] = [];
    const sim = await main(['--port', '0', '--seed', 'demo', '--api-id', 'cli-id', '--api-key', 'cli-key'], {
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

  it('runs as a process, serves transactions, and exits cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, [BIN, '--port', '0', '--api-id', 'proc', '--api-key', 'proc-key', '--time-scale', '0.1'], {
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
