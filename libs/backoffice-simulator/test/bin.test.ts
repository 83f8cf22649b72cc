import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Browser } from './helpers.js';

const BIN = fileURLToPath(new URL('../bin/washops-backoffice-simulator.mjs', import.meta.url));

function run(args: string[]) {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
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

  it('refuses bad options with a usage message', async () => {
    const p = run(['--tenant', 'round']);
    await expect(p.url).rejects.toThrow(/exited 2/);
    expect(p.errors()).toContain('--tenant must be');
    expect(p.errors()).toContain('Usage: washops-backoffice-simulator');
  });
});
