import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { DEFAULT_JOB_DURATION_MS } from '@washops/transactions-simulator';
import { CapturedText, freshPostgresDatabase, makeSecrets, startPortal, startSimulators, TENANT, waitUntil, type CanarySecrets, type RunningPortal, type Simulators } from './canary-harness.js';
import { yesterdayWindow } from './canary-portal-plan.js';
import { dataOf, PortalProbe, sessionCookieOf } from './canary-portal-probe.js';

// The portal's state lives in its database, not in a process: built portals (`next start`, tenant
// mode, against the simulators) are stopped, crashed and run side by side, and what a user relies on
// is checked over HTTP after each. No browser is needed.

/** How long a running export may go unrefreshed before a restarted portal calls it interrupted (short here). */
const EXPORT_STALE_ENV = { EXPORT_STALE_SECONDS: '10' };
const TEST_DATABASE_URL = process.env['WASHOPS_TEST_DATABASE_URL'];
/** A batch job duration (before the simulator's time scale) that outlasts a portal's restart. */
const SLOW_JOB_MS = 100_000;

interface ExportView {
  id: string;
  state: string;
}

let secrets: CanarySecrets;
let sims: Simulators;
let captured: CapturedText;
const running = new Set<RunningPortal>();

test.describe.configure({ mode: 'serial', timeout: 6 * 60_000 });

test.beforeAll(async () => {
  secrets = makeSecrets();
  captured = new CapturedText();
  sims = await startSimulators(secrets);
});

test.afterAll(async () => {
  await Promise.allSettled([...running].map((portal) => portal.stop()));
  await sims?.close();
});

async function portalOn(storage: Record<string, string>): Promise<{ portal: RunningPortal; probe: PortalProbe }> {
  const portal = await startPortal(secrets, sims, captured, { ...storage, ...EXPORT_STALE_ENV });
  running.add(portal);
  return { portal, probe: new PortalProbe(portal.url, captured) };
}

async function stop(portal: RunningPortal, how: 'stop' | 'kill' = 'stop'): Promise<void> {
  await portal[how]();
  running.delete(portal);
}

async function signIn(probe: PortalProbe, username: string, password = secrets.portalPassword): Promise<string> {
  return sessionCookieOf(await probe.call(`${username} signs in`, 'auth.signIn', { username, password }, { expect: 'ok' }));
}

function exportInput(shiftHours: number) {
  const window = yesterdayWindow(shiftHours);
  const site = sims.transactions.control.sites()[0]!.code;
  return { site, startDate: new Date(window.startDate * 1000).toISOString(), endDate: new Date(window.endDate * 1000).toISOString() };
}

async function exportState(probe: PortalProbe, cookie: string, id: string): Promise<string> {
  return dataOf<ExportView>(await probe.call('export status', 'transactions.exports.status', { id }, { cookie, expect: 'ok' })).state;
}

async function settled(probe: PortalProbe, cookie: string, id: string): Promise<string> {
  return waitUntil(`export ${id} to settle`, async () => {
    const state = await exportState(probe, cookie, id);
    return state === 'running' || state === 'queued' ? undefined : state;
  });
}

function expectNoMismatch(...probes: PortalProbe[]): void {
  expect(probes.flatMap((probe) => probe.mismatches), 'calls that did not come to what they should').toEqual([]);
}

test('an embedded database keeps sign-ins, sign-outs and exports across restarts', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'washops-restart-'));
  try {
    let { portal, probe } = await portalOn({ WASHOPS_DATA_DIR: dataDir });
    const admin = await signIn(probe, TENANT.admin);
    const viewer = await signIn(probe, TENANT.viewer);
    const exported = dataOf<ExportView>(await probe.call('export', 'transactions.exports.start', exportInput(0), { cookie: admin, expect: 'ok' }));
    expect(await settled(probe, admin, exported.id)).toMatch(/^(done|finished)$/);
    const csv = await probe.get('CSV', `/api/exports/${exported.id}`, { cookie: admin, expect: 'ok' });
    await probe.call('viewer signs out', 'auth.signOut', undefined, { cookie: viewer, expect: 'ok' });

    await stop(portal);
    ({ portal, probe } = await portalOn({ WASHOPS_DATA_DIR: dataDir }));
    await probe.call('still signed in after a restart', 'auth.me', undefined, { cookie: admin, expect: 'ok' });
    await probe.call('a signed-out cookie stays refused after a restart', 'auth.me', undefined, { cookie: viewer, expect: 'UNAUTHORIZED' });
    const again = await probe.get('CSV after a restart', `/api/exports/${exported.id}`, { cookie: admin, expect: 'ok' });
    expect(again.body).toBe(csv.body);
    expect(again.body.split('\n').length).toBeGreaterThan(2);

    // A crash in the middle of an export: the Data API's job works long enough (100 s of its time, 10 s here) for the
    // export to be running when the portal dies. The rerun gets the same job (same criteria), which then finishes.
    sims.transactions.control.setJobDuration(SLOW_JOB_MS);
    const cut = dataOf<ExportView>(await probe.call('export cut by a crash', 'transactions.exports.start', exportInput(-3), { cookie: admin, expect: 'ok' }));
    await waitUntil('the export to be running', async () => ((await exportState(probe, admin, cut.id)) === 'running' ? true : undefined));
    await stop(portal, 'kill');
    sims.transactions.control.setJobDuration(DEFAULT_JOB_DURATION_MS);

    ({ portal, probe } = await portalOn({ WASHOPS_DATA_DIR: dataDir }));
    expect(await settled(probe, admin, cut.id)).toBe('interrupted');
    const rerun = dataOf<ExportView>(await probe.call('run it again', 'transactions.exports.rerun', { id: cut.id }, { cookie: admin, expect: 'ok' }));
    expect(await settled(probe, admin, rerun.id)).toMatch(/^(done|finished)$/);
    await stop(portal);
    expectNoMismatch(probe);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('two portal processes on one embedded data folder share it, and the second takes over when the first stops', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'washops-shared-'));
  try {
    const first = await portalOn({ WASHOPS_DATA_DIR: dataDir });
    const second = await portalOn({ WASHOPS_DATA_DIR: dataDir });
    const admin = await signIn(first.probe, TENANT.admin);
    await second.probe.call('a sign-in on the first is valid on the second', 'auth.me', undefined, { cookie: admin, expect: 'ok' });

    await stop(first.portal);
    // Until the second has taken the folder over, it answers 503 (never a crash); then it serves again.
    const statuses: number[] = [];
    await waitUntil('the second portal to serve from the data folder itself', async () => {
      const response = await fetch(`${second.portal.url}/api/trpc/auth.me`, { headers: { cookie: admin } });
      statuses.push(response.status);
      return response.status === 503 ? undefined : true;
    });
    expect(statuses.filter((status) => status !== 503 && status !== 200), 'answers other than 503 while taking over').toEqual([]);
    await second.probe.call('still signed in on the second', 'auth.me', undefined, { cookie: admin, expect: 'ok' });
    await stop(second.portal);
    expectNoMismatch(first.probe, second.probe);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('two portal processes on one PostgreSQL share sign-ins, sign-outs, disabled users and the sign-in throttle', async () => {
  test.skip(!TEST_DATABASE_URL, 'WASHOPS_TEST_DATABASE_URL is not set: the two-instance PostgreSQL proof is skipped (.ci/run sets it)');
  const storage = await freshPostgresDatabase(TEST_DATABASE_URL!);
  try {
    const a = await portalOn(storage.env);
    const b = await portalOn(storage.env);

    const adminCookie = await signIn(a.probe, TENANT.admin);
    await b.probe.call('a sign-in on A is valid on B', 'auth.me', undefined, { cookie: adminCookie, expect: 'ok' });

    const viewerCookie = await signIn(a.probe, TENANT.viewer);
    await b.probe.call('the viewer signs out on B', 'auth.signOut', undefined, { cookie: viewerCookie, expect: 'ok' });
    await a.probe.call('the sign-out on B ends it on A', 'auth.me', undefined, { cookie: viewerCookie, expect: 'UNAUTHORIZED' });

    const password = `pw-${randomBytes(12).toString('hex')}`;
    await a.probe.call('admin adds a user on A', 'portalUsers.add', { username: 'dana', role: 'viewer', password }, { cookie: adminCookie, expect: 'ok' });
    const dana = await signIn(a.probe, 'dana', password);
    await b.probe.call('admin disables the user on B', 'portalUsers.disable', { username: 'dana' }, { cookie: adminCookie, expect: 'ok' });
    await a.probe.call('A refuses the disabled user on the next request', 'auth.me', undefined, { cookie: dana, expect: 'UNAUTHORIZED' });
    await a.probe.call('and refuses their sign-in', 'auth.signIn', { username: 'dana', password }, { expect: 'UNAUTHORIZED' });

    // Five wrong passwords counted on A (waiting out its delays: 1 s after the third, 2 s after the fourth)
    // leave a 4 s delay; B, which has seen none of them, refuses the next attempt at once.
    const wrong = { username: TENANT.viewer, password: 'not-the-password' };
    let counted = 0;
    await waitUntil('five failures counted on A', async () => {
      const reply = await a.probe.call('wrong password on A', 'auth.signIn', wrong, { expect: 'error' });
      if (reply.outcome === 'UNAUTHORIZED') counted++;
      else await new Promise((resolve) => setTimeout(resolve, 1_000));
      return counted >= 5 ? true : undefined;
    }, 60_000);
    await b.probe.call('B counts the failures made on A', 'auth.signIn', wrong, { expect: 'TOO_MANY_REQUESTS' });

    await Promise.all([stop(a.portal), stop(b.portal)]);
    expectNoMismatch(a.probe, b.probe);
  } finally {
    await storage.remove();
  }
});

test('no secret of these runs reached an answer or a log', () => {
  expect(captured.scan(secrets), 'sightings of a secret').toEqual([]);
});
