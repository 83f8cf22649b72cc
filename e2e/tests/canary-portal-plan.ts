import { randomBytes, randomInt } from 'node:crypto';
import { TENANT, waitUntil, withFault, type CanarySecrets, type Simulators } from './canary-harness.js';
import { bulkChanges } from './canary-portal-bulk.js';
import { employeeLife, type LifeSubjects } from './canary-portal-life.js';
import { dataOf, sessionCookieOf, type PortalProbe } from './canary-portal-probe.js';
import { resourceReads } from './canary-portal-resources.js';
import { warehouseSync } from './canary-portal-sync.js';

const UNKNOWN_EXPORT = '00000000-0000-4000-8000-000000000000';
const UNKNOWN_POS_USER_ID = 2_147_480_001;

/**
 * Two hours of yesterday (UTC), from 15:00 plus `shiftHours`, in Unix seconds: a few pages per list,
 * a small export. Exports of the same criteria get the simulator's existing job, so each differs.
 */
export function yesterdayWindow(shiftHours = 0): { startDate: number; endDate: number } {
  const midnight = new Date();
  midnight.setUTCHours(0, 0, 0, 0);
  const startDate = midnight.getTime() / 1000 - 86_400 + (15 + shiftHours) * 3600;
  return { startDate, endDate: startDate + 2 * 3600 };
}

/** A new employee's fields, unique in this run. */
export function newEmployee(withBackofficeUser: boolean) {
  const tag = randomBytes(4).toString('hex');
  return {
    firstName: 'Canary',
    lastName: `Probe ${tag}`,
    phone: `555${randomInt(1_000_000, 9_999_999)}`,
    email: `canary-${tag}@example.com`,
    posUserId: randomInt(800_000, 900_000),
    wageRate: 15.25,
    startDate: new Date().toISOString().slice(0, 10),
    availableSites: 'all' as const,
    permission: 'Cashier',
    departments: ['Cashier'],
    requiresBackoffice: withBackofficeUser,
    ...(withBackofficeUser ? { backofficeUsername: `canary_${tag}` } : {}),
  };
}

interface SignedIn {
  admin: string;
  viewer: string;
}

async function signIns(probe: PortalProbe, secrets: CanarySecrets): Promise<SignedIn> {
  await probe.call('wrong password', 'auth.signIn', { username: TENANT.admin, password: `${secrets.portalPassword}x` }, { expect: 'UNAUTHORIZED' });
  await probe.call('empty username', 'auth.signIn', { username: '', password: secrets.portalPassword }, { expect: 'BAD_REQUEST' });
  const admin = sessionCookieOf(await probe.call('admin signs in', 'auth.signIn', { username: TENANT.admin, password: secrets.portalPassword }, { expect: 'ok' }));
  const viewer = sessionCookieOf(await probe.call('viewer signs in', 'auth.signIn', { username: TENANT.viewer, password: secrets.portalPassword }, { expect: 'ok' }));
  await probe.call('me', 'auth.me', undefined, { cookie: admin, expect: 'ok' });
  await probe.call('me signed out', 'auth.me', undefined, { expect: 'UNAUTHORIZED' });
  await probe.call('me with a forged cookie', 'auth.me', undefined, { cookie: `${admin.slice(0, -4)}AAAA`, expect: 'UNAUTHORIZED' });
  return { admin, viewer };
}

async function backofficeReads(probe: PortalProbe, sims: Simulators, { admin, viewer }: SignedIn): Promise<void> {
  for (const path of ['discovery.sites', 'discovery.departments', 'discovery.permissions']) {
    await probe.call('read', path, undefined, { cookie: viewer, expect: 'ok' });
    await probe.call('bad input', path, { refresh: 'yes' }, { cookie: admin, expect: 'BAD_REQUEST' });
    await withFault(
      () => sims.backoffice.control.inject({ route: '*', kind: 'serverError', count: 50 }),
      () => probe.call('BackOffice answers 500', path, { refresh: true }, { cookie: admin, expect: 'error' }),
    );
  }
  await probe.call('roster', 'employees.list', { active: 'all' }, { cookie: viewer, expect: 'ok' });
  await probe.call('roster, bad input', 'employees.list', { active: 'sometimes' }, { cookie: admin, expect: 'BAD_REQUEST' });
  await withFault(
    () => sims.backoffice.control.inject({ route: '*', kind: 'brokenMarkup', count: 50 }),
    () => probe.call('roster page cut short', 'employees.list', { refresh: true }, { cookie: admin, expect: 'error' }),
  );
  await probe.call('free id', 'employees.isPosUserIdAvailable', { posUserId: UNKNOWN_POS_USER_ID }, { cookie: viewer, expect: 'ok' });
  await probe.call('bad id', 'employees.isPosUserIdAvailable', { posUserId: -1 }, { cookie: viewer, expect: 'BAD_REQUEST' });
  await probe.call('free email', 'employees.isEmailAvailable', { email: 'nobody-canary@example.com' }, { cookie: viewer, expect: 'ok' });
  await probe.call('bad email', 'employees.isEmailAvailable', { email: 'not an email' }, { cookie: viewer, expect: 'BAD_REQUEST' });
  await probe.call('free phone', 'employees.isPhoneAvailable', { phone: '(555) 999-0000' }, { cookie: viewer, expect: 'ok' });
  await probe.call('bad phone', 'employees.isPhoneAvailable', { phone: '12' }, { cookie: viewer, expect: 'BAD_REQUEST' });
}

async function backofficeWrites(probe: PortalProbe, sims: Simulators, { admin, viewer }: SignedIn): Promise<LifeSubjects> {
  const employee = newEmployee(true);
  await probe.call('create, bad input', 'employees.create', { ...employee, phone: 'none' }, { cookie: admin, expect: 'BAD_REQUEST' });
  await probe.call('create as viewer', 'employees.create', employee, { cookie: viewer, expect: 'FORBIDDEN' });
  await probe.call('create cross-origin', 'employees.create', employee, { cookie: admin, origin: 'https://evil.example', expect: 'FORBIDDEN' });
  await probe.call('create', 'employees.create', employee, { cookie: admin, expect: 'ok' });
  await probe.call('create a duplicate POS id', 'employees.create', { ...newEmployee(false), posUserId: employee.posUserId }, { cookie: admin, expect: 'error' });
  await withFault(
    () => sims.backoffice.control.inject({ route: 'POST /employee/insert', kind: 'acceptButIgnore', count: 5 }),
    () => probe.call('create, insert ignored', 'employees.create', newEmployee(false), { cookie: admin, expect: 'error' }),
  );

  await probe.call('disable, bad input', 'employees.disable', { posUserId: employee.posUserId, email: employee.email }, { cookie: admin, expect: 'BAD_REQUEST' });
  await probe.call('disable unknown', 'employees.disable', { posUserId: UNKNOWN_POS_USER_ID }, { cookie: admin, expect: 'error' });
  await probe.call('disable', 'employees.disable', { posUserId: employee.posUserId }, { cookie: admin, expect: 'ok' });

  const tag = randomBytes(4).toString('hex');
  const user = { username: `canary_user_${tag}`, email: `canary-user-${tag}@example.com`, permission: 'General User', firstName: 'Canary', lastName: 'User' };
  await probe.call('user, bad input', 'backofficeUsers.create', { ...user, username: '1x' }, { cookie: admin, expect: 'BAD_REQUEST' });
  await probe.call('user as viewer', 'backofficeUsers.create', user, { cookie: viewer, expect: 'FORBIDDEN' });
  await probe.call('user', 'backofficeUsers.create', user, { cookie: admin, expect: 'ok' });
  await probe.call('user named like the bot', 'backofficeUsers.create', { ...user, username: TENANT.botUsername, email: `canary-bot-${tag}@example.com` }, { cookie: admin, expect: 'error' });
  return { employee, backofficeUsername: user.username };
}

/** Last of the BackOffice steps: a failed bot sign-in may hold the client back for a cool-down. */
async function botSignInFailures(probe: PortalProbe, sims: Simulators, { admin }: SignedIn): Promise<void> {
  sims.backoffice.control.expireSessions();
  await withFault(
    () => sims.backoffice.control.inject({ route: 'POST /login_check', kind: 'serverError', count: 50 }),
    () => probe.call('bot sign-in answers 500', 'employees.list', { refresh: true }, { cookie: admin, expect: 'error' }),
  );
}

async function transactionReads(probe: PortalProbe, sims: Simulators, { admin, viewer }: SignedIn): Promise<string> {
  const window = yesterdayWindow();
  const site = sims.transactions.control.sites()[0]!.code;
  await withFault(
    () => sims.transactions.control.inject({ endpoint: 'siteList', kind: 'serverError', count: 50 }),
    () => probe.call('Data API answers 500', 'transactions.sites', undefined, { cookie: viewer, expect: 'error' }),
  );
  await probe.call('sites', 'transactions.sites', undefined, { cookie: viewer, expect: 'ok' });
  await probe.call('sites signed out', 'transactions.sites', undefined, { expect: 'UNAUTHORIZED' });

  const list = await probe.call('v1 list', 'transactions.list', { ...window, site }, { cookie: viewer, expect: 'ok' });
  await probe.call('v2 list', 'transactions.list', { ...window, site, version: 'v2' }, { cookie: viewer, expect: 'ok' });
  await probe.call('wash list', 'transactions.list', { ...window, site, type: 'wash' }, { cookie: viewer, expect: 'ok' });
  await probe.call('v2 with a type', 'transactions.list', { ...window, version: 'v2', type: 'wash' }, { cookie: viewer, expect: 'BAD_REQUEST' });
  await probe.call('over 31 days', 'transactions.list', { startDate: window.startDate - 40 * 86_400, endDate: window.endDate }, { cookie: admin, expect: 'BAD_REQUEST' });
  await probe.call('unknown site', 'transactions.list', { ...window, site: 'NOSUCHSITE' }, { cookie: admin, expect: 'error' });
  await withFault(
    () => sims.transactions.control.inject({ endpoint: 'list', kind: 'rateLimitStorm', retryAfterSeconds: 1, count: 50 }),
    () => probe.call('rate limited', 'transactions.list', { ...window, site }, { cookie: admin, expect: 'error' }),
  );

  const transId = /"transId":"(\d+:\d+)"/.exec(list.body)?.[1];
  if (!transId) throw new Error(`the v1 list of ${site} had no transaction: ${list.body.slice(0, 300)}`);
  await probe.call('detail', 'transactions.get', { transId }, { cookie: viewer, expect: 'ok' });
  await probe.call('unknown id', 'transactions.get', { transId: '1:1' }, { cookie: viewer, expect: 'error' });
  await probe.call('malformed id', 'transactions.get', { transId: 'abc' }, { cookie: viewer, expect: 'BAD_REQUEST' });
  await withFault(
    () => sims.transactions.control.inject({ endpoint: 'get', kind: 'malformedJson', count: 50 }),
    () => probe.call('cut JSON', 'transactions.get', { transId }, { cookie: admin, expect: 'error' }),
  );
  return transId;
}

interface ExportView {
  id: string;
  state: 'queued' | 'running' | 'finished' | 'failed' | 'cancelled' | 'interrupted';
}

async function settledExport(probe: PortalProbe, cookie: string, id: string): Promise<ExportView> {
  return waitUntil(`export ${id} to settle`, async () => {
    const view = dataOf<ExportView>(await probe.call('status', 'transactions.exports.status', { id }, { cookie, expect: 'ok' }));
    return view.state === 'running' ? undefined : view;
  });
}

function exportInput(site: string, shiftHours: number) {
  const window = yesterdayWindow(shiftHours);
  return { site, startDate: new Date(window.startDate * 1000).toISOString(), endDate: new Date(window.endDate * 1000).toISOString() };
}

async function exports(probe: PortalProbe, sims: Simulators, { admin, viewer }: SignedIn): Promise<void> {
  const window = yesterdayWindow();
  const site = sims.transactions.control.sites()[0]!.code;
  const iso = exportInput(site, 0);
  await probe.call('export over 24 hours', 'transactions.exports.start', { ...iso, startDate: new Date((window.startDate - 2 * 86_400) * 1000).toISOString() }, { cookie: viewer, expect: 'BAD_REQUEST' });
  const started = dataOf<ExportView>(await probe.call('export', 'transactions.exports.start', iso, { cookie: viewer, expect: 'ok' }));
  const done = await settledExport(probe, viewer, started.id);
  if (done.state !== 'finished') probe.mismatches.push(`export ${started.id} ended ${done.state}`);
  await probe.get('CSV download', `/api/exports/${started.id}`, { cookie: viewer, expect: 'ok' });
  await probe.get('CSV of another user', `/api/exports/${started.id}`, { cookie: admin, expect: 'HTTP 404' });
  await probe.get('CSV signed out', `/api/exports/${started.id}`, { expect: 'HTTP 401' });
  await probe.get('CSV unknown', `/api/exports/${UNKNOWN_EXPORT}`, { cookie: viewer, expect: 'HTTP 404' });

  const failed = await withFault(
    () => sims.transactions.control.inject({ endpoint: 'loadJob', kind: 'jobFail', count: 50 }),
    async () => {
      const view = dataOf<ExportView>(await probe.call('export, job fails', 'transactions.exports.start', exportInput(site, -2), { cookie: admin, expect: 'ok' }));
      return settledExport(probe, admin, view.id);
    },
  );
  if (failed.state !== 'failed') probe.mismatches.push(`export ${failed.id} with a failing job ended ${failed.state}`);

  await withFault(
    () => sims.transactions.control.inject({ endpoint: 'loadJob', kind: 'jobNeverFinishes', count: 50 }),
    async () => {
      const view = dataOf<ExportView>(await probe.call('export to cancel', 'transactions.exports.start', exportInput(site, -4), { cookie: admin, expect: 'ok' }));
      await probe.call('cancel', 'transactions.exports.cancel', { id: view.id }, { cookie: admin, expect: 'ok' });
      const again = dataOf<ExportView>(await probe.call('run it again', 'transactions.exports.rerun', { id: view.id }, { cookie: admin, expect: 'ok' }));
      await probe.call('cancel the rerun', 'transactions.exports.cancel', { id: again.id }, { cookie: admin, expect: 'ok' });
    },
  );
  await probe.call('rerun a finished export', 'transactions.exports.rerun', { id: started.id }, { cookie: viewer, expect: 'BAD_REQUEST' });
  await probe.call('rerun another user\'s export', 'transactions.exports.rerun', { id: started.id }, { cookie: admin, expect: 'NOT_FOUND' });
  await probe.call('rerun, bad id', 'transactions.exports.rerun', { id: 'x' }, { cookie: admin, expect: 'BAD_REQUEST' });
  await probe.call('cancel unknown', 'transactions.exports.cancel', { id: UNKNOWN_EXPORT }, { cookie: admin, expect: 'error' });
  await probe.call('cancel, bad id', 'transactions.exports.cancel', { id: 'x' }, { cookie: admin, expect: 'BAD_REQUEST' });
  await probe.call('status unknown', 'transactions.exports.status', { id: UNKNOWN_EXPORT }, { cookie: admin, expect: 'error' });
  await probe.call('status, bad id', 'transactions.exports.status', { id: 'x' }, { cookie: admin, expect: 'BAD_REQUEST' });
  await probe.call('exports', 'transactions.exports.list', undefined, { cookie: admin, expect: 'ok' });
  await probe.call('exports signed out', 'transactions.exports.list', undefined, { expect: 'UNAUTHORIZED' });
}

/** The portal's own accounts: every change on success and refusal paths, with passwords derived from the secret. */
async function portalUsers(probe: PortalProbe, { admin, viewer }: SignedIn, secrets: CanarySecrets): Promise<void> {
  const name = 'canary-added';
  const set = `${secrets.portalPassword}-set`;
  const reset = `${secrets.portalPassword}-reset`;
  await probe.call('portal users', 'portalUsers.list', undefined, { cookie: admin, expect: 'ok' });
  await probe.call('portal users as a viewer', 'portalUsers.list', undefined, { cookie: viewer, expect: 'FORBIDDEN' });
  await probe.call('add a user', 'portalUsers.add', { username: name, role: 'viewer', password: set }, { cookie: admin, expect: 'ok' });
  await probe.call('add a taken name', 'portalUsers.add', { username: name, role: 'viewer', password: set }, { cookie: admin, expect: 'CONFLICT' });
  await probe.call('add, short password', 'portalUsers.add', { username: 'canary-short', role: 'viewer', password: 'short' }, { cookie: admin, expect: 'BAD_REQUEST' });
  await probe.call('add as a viewer', 'portalUsers.add', { username: 'canary-nope', role: 'admin', password: set }, { cookie: viewer, expect: 'FORBIDDEN' });
  await probe.call('add with a generated password', 'portalUsers.add', { username: 'canary-generated', role: 'viewer' }, { cookie: admin, expect: 'ok' });
  await probe.call('make admin', 'portalUsers.setRole', { username: name, role: 'admin' }, { cookie: admin, expect: 'ok' });
  await probe.call('role of nobody', 'portalUsers.setRole', { username: 'canary-nobody', role: 'admin' }, { cookie: admin, expect: 'NOT_FOUND' });
  await probe.call('make viewer again', 'portalUsers.setRole', { username: name, role: 'viewer' }, { cookie: admin, expect: 'ok' });
  await probe.call('reset a password', 'portalUsers.resetPassword', { username: name, password: reset }, { cookie: admin, expect: 'ok' });
  await probe.call('reset to a generated one', 'portalUsers.resetPassword', { username: 'canary-generated' }, { cookie: admin, expect: 'ok' });
  await probe.call('disable', 'portalUsers.disable', { username: 'canary-generated' }, { cookie: admin, expect: 'ok' });
  await probe.call('enable', 'portalUsers.enable', { username: 'canary-generated' }, { cookie: admin, expect: 'ok' });
  await probe.call('disable the last admin', 'portalUsers.disable', { username: TENANT.admin }, { cookie: admin, expect: 'BAD_REQUEST' });

  const added = sessionCookieOf(await probe.call('the added user signs in', 'auth.signIn', { username: name, password: reset }, { expect: 'ok' }));
  await probe.call('change password, wrong current', 'auth.changePassword', { currentPassword: set, newPassword: `${secrets.portalPassword}-new` }, { cookie: added, expect: 'BAD_REQUEST' });
  await probe.call('change password', 'auth.changePassword', { currentPassword: reset, newPassword: `${secrets.portalPassword}-new` }, { cookie: added, expect: 'ok' });
  await probe.call('change password signed out', 'auth.changePassword', { currentPassword: reset, newPassword: `${secrets.portalPassword}-new` }, { expect: 'UNAUTHORIZED' });
}

interface AuditPageData {
  events: Array<{ target: { employeeId?: number } }>;
  nextCursor: string | null;
}

/** The audit log the writes above filled: its lists, filters and CSV, on success and refusal paths. */
async function activity(probe: PortalProbe, { admin, viewer }: SignedIn): Promise<number | undefined> {
  await probe.call('audit facets', 'audit.facets', undefined, { cookie: viewer, expect: 'ok' });
  await probe.call('audit facets signed out', 'audit.facets', undefined, { expect: 'UNAUTHORIZED' });
  const first = dataOf<AuditPageData>(await probe.call('activity', 'audit.list', { limit: 5 }, { cookie: viewer, expect: 'ok' }));
  if (first.nextCursor) await probe.call('older activity', 'audit.list', { limit: 5, cursor: first.nextCursor }, { cookie: viewer, expect: 'ok' });
  else probe.mismatches.push('the activity has a single page of 5 after every write: the writes left no trail');
  await probe.call('activity of a channel', 'audit.list', { filter: { channel: 'portal', state: 'partial' } }, { cookie: admin, expect: 'ok' });
  const creations = dataOf<AuditPageData>(
    await probe.call('employees created', 'audit.list', { filter: { operation: 'employee.create', state: 'succeeded' }, limit: 1 }, { cookie: admin, expect: 'ok' }),
  );
  await probe.call('activity, bad filter', 'audit.list', { filter: { channel: 'fax' } }, { cookie: admin, expect: 'BAD_REQUEST' });
  await probe.call('activity signed out', 'audit.list', {}, { expect: 'UNAUTHORIZED' });
  await probe.get('activity CSV', '/api/audit', { cookie: admin, expect: 'ok' });
  await probe.get('activity CSV of a day', `/api/audit?since=${new Date().toISOString().slice(0, 10)}&channel=portal`, { cookie: viewer, expect: 'ok' });
  await probe.get('activity CSV, bad filter', '/api/audit?since=yesterday', { cookie: admin, expect: 'HTTP 400' });
  await probe.get('activity CSV signed out', '/api/audit', { expect: 'HTTP 401' });
  return creations.events[0]?.target.employeeId;
}

/** The pages render procedures in-process (server components): their HTML is scanned too. */
async function pages(probe: PortalProbe, { admin }: SignedIn, transId: string, employeeId: number | undefined): Promise<void> {
  const paths = ['/employees', '/employees/new', '/users', '/transactions', '/transactions/export', `/transactions/${encodeURIComponent(transId)}`, '/admin/users', '/account', '/activity', '/bulk', '/sync', '/customers', '/items', '/time-clock', '/gift-cards'];
  if (employeeId === undefined) probe.mismatches.push('no audit event names an employee');
  else paths.push(`/employees/${employeeId}`);
  for (const path of paths) await probe.get('page', path, { cookie: admin, expect: 'ok' });
  await probe.get('unknown page', '/no-such-page', { cookie: admin, expect: 'HTTP 404' });
  await probe.get('page signed out', '/employees', { expect: 'HTTP 307' });
  await probe.get('sign-in page', '/sign-in', { expect: 'ok' });
}

async function signOut(probe: PortalProbe, { admin }: SignedIn): Promise<void> {
  await probe.call('sign out', 'auth.signOut', undefined, { cookie: admin, expect: 'ok' });
  await probe.call('me after sign-out', 'auth.me', undefined, { cookie: admin, expect: 'UNAUTHORIZED' });
  await probe.call('sign out signed out', 'auth.signOut', undefined, { expect: 'UNAUTHORIZED' });
}

/** Every procedure on success and failure paths, the export (live and warehouse) and results downloads and the pages. */
export async function exercisePortal(probe: PortalProbe, sims: Simulators, secrets: CanarySecrets): Promise<void> {
  const signedIn = await signIns(probe, secrets);
  await backofficeReads(probe, sims, signedIn);
  await employeeLife(probe, sims, signedIn, await backofficeWrites(probe, sims, signedIn));
  const transId = await transactionReads(probe, sims, signedIn);
  await exports(probe, sims, signedIn);
  await warehouseSync(probe, sims, signedIn);
  await resourceReads(probe, signedIn);
  await bulkChanges(probe, signedIn, () => newEmployee(false));
  await portalUsers(probe, signedIn, secrets);
  const employeeId = await activity(probe, signedIn);
  await pages(probe, signedIn, transId, employeeId);
  await botSignInFailures(probe, sims, signedIn);
  await signOut(probe, signedIn);
}
