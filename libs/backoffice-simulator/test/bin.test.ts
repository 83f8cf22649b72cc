import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isBuildCurrent } from '@washops/sim-kit/run-cli';
import { Browser } from './helpers.js';

const BIN = fileURLToPath(new URL('../bin/washops-backoffice-simulator.mjs', import.meta.url));

function run(args: string[]) {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  // 'close', not 'exit': by then the output has been read to its end.
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const url = new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m?.[1]) {
        clearInterval(timer);
        resolve(m[1]);
      }
    }, 50);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`exited ${code}: ${err}`));
    });
  });
  return { child, url, exited, output: () => out, errors: () => err };
}

describe('washops-backoffice-simulator bin', () => {
  it('starts, prints its URL and sign-in, serves the tenant and stops on SIGTERM', async () => {
    const p = run(['--port', '0', '--seed', 'demo', '--username', 'robot', '--password', 'secret-pass-1', '--employees', '12']);
    const url = await p.url;
    expect(p.output()).toContain('Sign in as "robot"');
    expect(p.output()).not.toContain('secret-pass-1');
    const b = new Browser(url);
    expect((await b.login('robot', 'secret-pass-1')).location).toBe('/');
    expect((await b.get('/employee?active=all&limit=100')).$('table.table-employees-list tbody tr').length).toBeGreaterThan(0);
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
  });

  it('prints the default demo sign-in and stops on SIGINT', async () => {
    const p = run(['--port', '0', '--employees', '3', '--tenant', 'flat']);
    await p.url;
    expect(p.output()).toContain('password "bot-password"');
    p.child.kill('SIGINT');
    expect(await p.exited).toBe(0);
  });

  it('--now pins the simulator\'s today, whatever day it runs; --help documents it', async () => {
    const p = run(['--port', '0', '--employees', '3', '--now', '2031-01-02T17:50:00-06:00']);
    const url = await p.url;
    expect(p.output()).toContain('Now runs from 2031-01-02T23:50:00.000Z (--now).');
    const b = new Browser(url);
    await b.login();
    expect((await b.get('/employee/create')).$('#employee-start-date').attr('data-value')).toBe('01/02/2031');
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    const help = run(['--help']);
    await expect(help.url).rejects.toThrow(/exited 0/); // prints the usage and starts nothing
    expect(help.output()).toContain('[--now <ISO 8601 instant, e.g. 2026-11-20T17:00:00Z>]');
    expect(help.output()).toContain('--now pins the simulator\'s "now"');
  });

  it('refuses a --now that is not an ISO 8601 instant with a usage message', async () => {
    for (const bad of ['2026-11-20', '2026-02-30T10:00:00Z', 'soon']) {
      const p = run(['--port', '0', '--now', bad]);
      await expect(p.url).rejects.toThrow(/exited 2/);
      expect(p.errors()).toContain(`--now must be an ISO 8601 instant such as 2026-11-20T17:00:00Z, got "${bad}"`);
      expect(p.errors()).toContain('Usage: washops-backoffice-simulator');
    }
  });

  it('refuses bad options with a usage message', async () => {
    const p = run(['--tenant', 'round']);
    await expect(p.url).rejects.toThrow(/exited 2/);
    expect(p.errors()).toContain('--tenant must be');
    expect(p.errors()).toContain('Usage: washops-backoffice-simulator');
  });
});

describe('the bin serves dist/ only when it is current', () => {
  it('ignores a build older than any source, also in a subfolder', () => {
    const root = mkdtempSync(join(tmpdir(), 'bo-sim-bin-'));
    try {
      const built = join(root, 'dist', 'cli.js');
      const src = join(root, 'src');
      expect(isBuildCurrent(built, src)).toBe(false);
      mkdirSync(join(src, 'pages'), { recursive: true });
      mkdirSync(join(root, 'dist'));
      writeFileSync(built, '');
      writeFileSync(join(src, 'server.ts'), '');
      writeFileSync(join(src, 'pages', 'roster.ts'), '');
      const at = (path: string, seconds: number) => utimesSync(path, seconds, seconds);
      at(built, 2_000);
      at(join(src, 'server.ts'), 1_000);
      at(join(src, 'pages', 'roster.ts'), 1_000);
      expect(isBuildCurrent(built, src)).toBe(true);
      at(join(src, 'pages', 'roster.ts'), 3_000);
      expect(isBuildCurrent(built, src)).toBe(false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
