// `npm start`: the whole product on the simulators. Builds the portal (and the libraries it uses),
// starts the BackOffice simulator on 4010, the Data API simulator on 4020 and the portal on 3000 in
// demo mode, prints the URL and the demo sign-ins, and stops everything on Ctrl-C.
//   node tools/start.mjs [--no-build] [--portal-port 3000] [--backoffice-port 4010] [--data-api-port 4020]
//                        [--data-api-time-scale 1] [--portal-host 127.0.0.1] [--data-dir DIR [--fresh-data]]
// The portal listens on loopback only unless --portal-host says otherwise: the demo sign-ins are public.
// Its database is PGlite in --data-dir (default .washops/ at the repository's root), kept across
// restarts, or the PostgreSQL of DATABASE_URL when that is set. --fresh-data empties the folder
// first, and only a folder named with --data-dir: it never wipes the default .washops/.
// (the e2e suite runs it with other ports, --no-build after its own build step, and a shorter Data API
// time scale so that batch jobs and rate windows are short; a person running `npm start` sees real time).
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function portOption(name, fallback) {
  const at = process.argv.indexOf(name);
  if (at < 0) return fallback;
  const port = Number(process.argv[at + 1]);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error(`npm start: ${name} needs a port number`);
    process.exit(2);
  }
  return port;
}

function scaleOption(name, fallback) {
  const at = process.argv.indexOf(name);
  if (at < 0) return fallback;
  const scale = Number(process.argv[at + 1]);
  if (!Number.isFinite(scale) || scale <= 0 || scale > 1) {
    console.error(`npm start: ${name} needs a number in (0, 1]`);
    process.exit(2);
  }
  return scale;
}

function hostOption(name, fallback) {
  const at = process.argv.indexOf(name);
  if (at < 0) return fallback;
  const host = process.argv[at + 1];
  if (!host || host.startsWith('--')) {
    console.error(`npm start: ${name} needs an address to listen on, e.g. 0.0.0.0`);
    process.exit(2);
  }
  return host;
}

function dirOption(name) {
  const at = process.argv.indexOf(name);
  if (at < 0) return undefined;
  const dir = process.argv[at + 1];
  if (!dir || dir.startsWith('--')) {
    console.error(`npm start: ${name} needs a folder`);
    process.exit(2);
  }
  return resolve(dir);
}

const PORTAL_PORT = portOption('--portal-port', 3000);
const PORTAL_HOST = hostOption('--portal-host', '127.0.0.1');
const BACKOFFICE_PORT = portOption('--backoffice-port', 4010);
const DATA_API_PORT = portOption('--data-api-port', 4020);
const DATA_API_TIME_SCALE = scaleOption('--data-api-time-scale', 1);
const GIVEN_DATA_DIR = dirOption('--data-dir');
const DATA_DIR = GIVEN_DATA_DIR ?? join(root, '.washops');
const FRESH_DATA = process.argv.includes('--fresh-data');
const DATABASE_URL = process.env.DATABASE_URL || undefined;
if (FRESH_DATA && !GIVEN_DATA_DIR) {
  console.error('npm start: --fresh-data wipes the folder of --data-dir, so it needs one named explicitly (it never wipes the default .washops/).');
  process.exit(2);
}
if (FRESH_DATA && (DATA_DIR === root || root.startsWith(DATA_DIR + '/'))) {
  console.error(`npm start: --fresh-data refuses to wipe ${DATA_DIR}: it holds the repository.`);
  process.exit(2);
}
const DEMO_SIGN_INS = [
  ['admin', 'washops-admin', 'may create and disable employees, create Back Office users and manage portal users'],
  ['viewer', 'washops-viewer', 'read only'],
];

const children = new Set();
let stopping = false;

function fail(message) {
  console.error(`\nnpm start: ${message}`);
  void stopAll(1);
}

/** A database URL without its password, for the banner. */
function describeDatabaseUrl(url) {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    parsed.search = '';
    return parsed.toString();
  } catch {
    return 'a value that is not a URL';
  }
}

/** Refuses to start when a port is taken, rather than talking to some other server. */
function assertPortFree(port, what) {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', (error) =>
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `port ${port} (${what}) is already in use. Stop whatever listens there (e.g. \`lsof -i :${port}\`) and run npm start again.`
            : `cannot listen on port ${port} (${what}): ${error.message}`,
        ),
      ),
    );
    probe.listen(port, () => probe.close(() => resolvePort()));
  });
}

/** The path of a workspace package's bin, run with this Node (no reliance on node_modules/.bin links). */
function binOf(packageDir, binName) {
  const pkg = JSON.parse(readFileSync(join(root, packageDir, 'package.json'), 'utf8'));
  const bin = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin?.[binName];
  if (!bin) throw new Error(`${packageDir}/package.json has no "${binName}" bin`);
  return join(root, packageDir, bin);
}

function start(name, command, args, options = {}) {
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], ...options });
  children.add(child);
  const prefix = `[${name}] `;
  const forward = (stream, out) => {
    let pending = '';
    stream.on('data', (chunk) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) out.write(prefix + line + '\n');
    });
  };
  forward(child.stdout, process.stdout);
  forward(child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!stopping) fail(`${name} exited unexpectedly (${signal ?? `code ${code}`}); stopping the rest.`);
  });
  return child;
}

/** Waits until a URL answers at all (any status): the server is listening. */
async function waitForHttp(url, name, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (stopping) return;
    try {
      await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`${name} did not answer at ${url} within ${timeoutMs / 1000} s`);
}

async function stopAll(exitCode) {
  if (stopping) return;
  stopping = true;
  const exits = [...children].map(
    (child) =>
      new Promise((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGTERM');
        // A child that ignores SIGTERM is killed after a grace period.
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  );
  await Promise.all(exits);
  process.exit(exitCode);
}

process.on('SIGINT', () => {
  console.log('\nStopping the portal and the simulators…');
  void stopAll(0);
});
process.on('SIGTERM', () => void stopAll(0));
process.on('SIGHUP', () => void stopAll(0));

async function main() {
  await assertPortFree(PORTAL_PORT, 'portal');
  await assertPortFree(BACKOFFICE_PORT, 'BackOffice simulator');
  await assertPortFree(DATA_API_PORT, 'Data API simulator');

  const env = { ...process.env, NX_DAEMON: 'false', NEXT_TELEMETRY_DISABLED: '1' };
  if (FRESH_DATA && !DATABASE_URL) {
    console.log(`Starting from empty data: removing ${DATA_DIR}`);
    rmSync(DATA_DIR, { recursive: true, force: true });
  }
  if (!process.argv.includes('--no-build')) {
    console.log('Building the portal and the libraries it uses…');
    const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
    const build = spawnSync(npx, ['nx', 'run', '@washops/portal:build'], { cwd: root, stdio: 'inherit', env });
    if (build.status !== 0) throw new Error('the build failed (see above).');
  }

  start('backoffice-sim', process.execPath, [
    binOf('libs/backoffice-simulator', 'washops-backoffice-simulator'),
    ...['--port', String(BACKOFFICE_PORT), '--seed', 'demo', '--username', 'bot', '--password', 'bot-password'],
  ], { env });
  start('data-api-sim', process.execPath, [
    binOf('libs/transactions-simulator', 'washops-transactions-simulator'),
    ...['--port', String(DATA_API_PORT), '--seed', 'demo', '--api-id', 'demo', '--api-key', 'demo-key'],
    ...['--time-scale', String(DATA_API_TIME_SCALE)],
  ], { env });
  await Promise.all([
    waitForHttp(`http://127.0.0.1:${BACKOFFICE_PORT}/login`, 'the BackOffice simulator'),
    waitForHttp(`http://127.0.0.1:${DATA_API_PORT}/v1/site/list`, 'the Data API simulator'),
  ]);

  start('portal', process.execPath, [join(root, 'node_modules/next/dist/bin/next'), 'start', '--port', String(PORTAL_PORT), '--hostname', PORTAL_HOST], {
    cwd: join(root, 'apps/portal'),
    env: {
      ...env,
      WASHOPS_DEMO: '1',
      BACKOFFICE_BASE_URL: `http://127.0.0.1:${BACKOFFICE_PORT}`,
      DATA_API_BASE_URL: `http://127.0.0.1:${DATA_API_PORT}/v1`,
      DATA_API_TIME_SCALE: String(DATA_API_TIME_SCALE),
      // DATABASE_URL, when set, passes through in `env` and wins over the folder.
      WASHOPS_DATA_DIR: DATA_DIR,
      // The portal's own handler stops it (exports marked interrupted, then the database closed); Next's would exit first.
      NEXT_MANUAL_SIG_HANDLE: '1',
    },
  });
  await waitForHttp(`http://127.0.0.1:${PORTAL_PORT}/sign-in`, 'the portal');
  if (stopping) return;

  console.log(`
  WashOps portal:  http://localhost:${PORTAL_PORT}${PORTAL_HOST === '127.0.0.1' ? '' : ` (listening on ${PORTAL_HOST}: anyone who can reach it can sign in with the demo users)`}
  Demo sign-ins (added when the database lacks them; a password changed in the portal stays changed):
${DEMO_SIGN_INS.map(([user, password, what]) => `    ${user.padEnd(7)} / ${password.padEnd(15)} ${what}`).join('\n')}
  Simulators:      BackOffice http://127.0.0.1:${BACKOFFICE_PORT}, Data API http://127.0.0.1:${DATA_API_PORT}/v1
  Data:            ${DATABASE_URL ? `PostgreSQL from DATABASE_URL (${describeDatabaseUrl(DATABASE_URL)})` : `${DATA_DIR} (embedded PGlite; kept across restarts)`}
  Press Ctrl-C to stop.
`);
}

main().catch((error) => fail(error instanceof Error ? error.message : String(error)));
