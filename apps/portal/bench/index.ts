/**
 * The portal's serving benchmark (`npm run bench` at the root): what a session check in the database
 * costs. `npm start`'s script runs the built portal in demo mode on a fresh embedded data folder; 20
 * connections then call `auth.me` with a signed-in admin's cookie (one session lookup in the database
 * per request) and without a cookie (the same route and tRPC stack, no lookup), in alternating rounds
 * so that both see the same machine. It prints both rates and their ratio; the target is that the
 * database does not halve the rate (ratio ≥ 0.5).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('../../../', import.meta.url)));
const CONNECTIONS = 20;
const ROUND_MS = Number(process.env['BENCH_ROUND_MS'] ?? 4_000);
const ROUNDS = 3;

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForPortal(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start's script exited (${child.exitCode})`);
    try {
      await fetch(`${url}/sign-in`, { signal: AbortSignal.timeout(2_000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error('the portal did not answer within 120 s');
}

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/trpc/auth.signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ username: 'admin', password: 'washops-admin' }),
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (!response.ok || !cookie) throw new Error(`the demo admin could not sign in (HTTP ${response.status})`);
  return cookie;
}

interface Round {
  requests: number;
  unexpected: number;
  ms: number;
}

/** CONNECTIONS loops calling `auth.me` for ROUND_MS; counts answers other than the expected status. */
async function round(url: string, cookie: string | null, expectedStatus: number): Promise<Round> {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  const started = performance.now();
  const until = started + ROUND_MS;
  let requests = 0;
  let unexpected = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const response = await fetch(`${url}/api/trpc/auth.me`, { headers });
        await response.arrayBuffer();
        requests++;
        if (response.status !== expectedStatus) unexpected++;
      }
    }),
  );
  return { requests, unexpected, ms: performance.now() - started };
}

function rate(rounds: Round[]): number {
  const requests = rounds.reduce((sum, r) => sum + r.requests, 0);
  const ms = rounds.reduce((sum, r) => sum + r.ms, 0);
  return (requests / ms) * 1000;
}

async function main(): Promise<void> {
  if (!existsSync(join(ROOT, 'apps/portal/.next/BUILD_ID'))) {
    console.log('Building the portal first (npx nx run @washops/portal:build)…');
    const build = spawnSync('npx', ['nx', 'run', '@washops/portal:build', '--output-style=static'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the portal build failed');
  }
  const [portalPort, backofficePort, dataApiPort] = await Promise.all([freePort(), freePort(), freePort()]);
  const dataDir = mkdtempSync(join(tmpdir(), 'washops-bench-'));
  const url = `http://127.0.0.1:${portalPort}`;
  const child = spawn(
    process.execPath,
    [
      'tools/start.mjs',
      '--no-build',
      '--data-dir', dataDir,
      '--portal-port', String(portalPort),
      '--backoffice-port', String(backofficePort),
      '--data-api-port', String(dataApiPort),
    ],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, LOG_LEVEL: 'warn' } },
  );
  try {
    await waitForPortal(url, child);
    const cookie = await signIn(url);
    // Warm both paths (route compilation, connection pools) before measuring.
    await round(url, cookie, 200);
    await round(url, null, 401);
    const withSession: Round[] = [];
    const withoutSession: Round[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      withSession.push(await round(url, cookie, 200));
      withoutSession.push(await round(url, null, 401));
    }
    const checked = rate(withSession);
    const unchecked = rate(withoutSession);
    const unexpected = [...withSession, ...withoutSession].reduce((sum, r) => sum + r.unexpected, 0);
    console.log(`portal serving, ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${ROUND_MS / 1000} s each, embedded database:`);
    console.table([
      { case: 'auth.me signed in (one session lookup)', 'requests/s': Math.round(checked) },
      { case: 'auth.me signed out (no lookup)', 'requests/s': Math.round(unchecked) },
    ]);
    console.log(`ratio signed in / signed out: ${(checked / unchecked).toFixed(2)} (target ≥ 0.50); unexpected answers: ${unexpected}`);
    if (unexpected > 0) process.exitCode = 1;
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
