/**
 * The BackOffice simulator: a plain `node:http` server with PHPSESSID sessions, one-time flashes, the form
 * handlers and the control surface for tests.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { FaultSet, type BackofficeFault } from './faults.js';
import { FormBody, parsePositiveInt } from './form.js';
import { renderDashboardPage } from './pages/dashboard.js';
import { compareFormDates, renderEmployeeCompensationPage } from './pages/employee-compensation.js';
import { renderEmployeeCreatePage, renderEmployeeEditPage } from './pages/employee-form.js';
import { renderEmployeePermissionsPage } from './pages/employee-permissions.js';
import { renderErrorPage, type Flash } from './pages/layout.js';
import { renderLoginPage } from './pages/login.js';
import { renderRosterPage, type RosterQuery } from './pages/roster.js';
import { renderUserCreatePage, type UserCreateRefill } from './pages/user-create.js';
import { renderUserListPage, type UserListQuery } from './pages/user-list.js';
import { renderUserPermissionsPage } from './pages/user-permissions.js';
import { createRandom, randomAlnum, randomInt } from './prng.js';
import { redirectShell } from './redirect-shell.js';
import { bindEmployee, CHOSEN_MESSAGES, isEmailTaken, MESSAGES, parseFormDate, USERNAME_PATTERN } from './rules.js';
import { decodeSiteAccess, USER_TREE } from './site-tree.js';
import { BO_TOKENS, POS_PERMISSION_IDS } from './tenant/catalog.js';
import type { EmployeeRecord, SimBackofficeUser, SimEmployee, TenantStore } from './tenant/model.js';
import { effectiveSiteIds, toSimEmployee, toSimUser } from './tenant/model.js';
import { DEFAULT_EMPLOYEE_COUNT, seedTenant } from './tenant/seed.js';

export type { BackofficeFault } from './faults.js';

export interface BackofficeSimulatorOptions {
  /** Default 0 (a free port); binds 127.0.0.1. */
  port?: number;
  /** Default 'demo'; the same seed gives the same tenant. */
  seed?: string;
  /** Sign-ins; default `[{ username: 'bot', password: 'bot-password' }]`. */
  users?: Array<{ username: string; password: string }>;
  /** Default 1; scales the session lifetime (30 minutes idle at scale 1). */
  timeScale?: number;
  /** Default 0; added before every response. */
  latencyMs?: number;
  /** Default 'hierarchical'. */
  tenant?: 'hierarchical' | 'flat';
  /** Default 300. */
  employeeCount?: number;
}

export interface LoggedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** Parsed form body of a POST, in order, repeats kept. */
  body?: Array<[string, string]>;
  /** 0 when the connection was dropped without an answer. */
  status: number;
  location?: string;
  at: number;
}

export interface BackofficeSimulatorControl {
  employees(): SimEmployee[];
  employee(id: number): SimEmployee | undefined;
  users(): SimBackofficeUser[];
  requests(): LoggedRequest[];
  clearRequests(): void;
  /** Every PHPSESSID stops working at once. */
  expireSessions(): void;
  setLatency(ms: number): void;
  setTimeScale(scale: number): void;
  inject(fault: BackofficeFault): { remove(): void };
  clearFaults(): void;
  /** Back to the seeded tenant; log, sessions and faults cleared. */
  reset(): void;
  /** The site tree (regions, districts, sites with long names and short codes). */
  sites(): { id: number; name: string; code: string; districtId: number; regionId: number }[];
  /** Session lifetime in ms at the current time scale. */
  sessionLifetimeMs(): number;
}

export interface BackofficeSimulator {
  url: string;
  control: BackofficeSimulatorControl;
  close(): Promise<void>;
}

const SESSION_IDLE_MS = 30 * 60 * 1000;
/** The request log keeps the most recent entries only, so a long-running demo does not grow without bound. */
const MAX_LOGGED_REQUESTS = 50_000;
const MAX_BODY_BYTES = 20 * 1024 * 1024;

interface Session {
  id: string;
  username: string | null;
  displayName: string;
  lastSeen: number;
  flashes: Flash[];
  userCreateRefill: UserCreateRefill | null;
}

interface Reply {
  status: number;
  body: string;
  location?: string;
}

interface RequestContext {
  method: string;
  path: string;
  url: URL;
  form: FormBody | null;
  session: Session;
}

const BASE_HEADERS: Record<string, string> = {
  'Content-Type': 'text/html; charset=UTF-8',
  'Cache-Control': 'max-age=0, must-revalidate, no-cache, no-store, private',
  Pragma: 'no-cache',
  'Strict-Transport-Security': 'max-age=15768000',
  'X-Content-Type-Options': 'nosniff',
  Vary: 'User-Agent',
  Server: 'Sonnys Controls',
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function todayFormDate(): string {
  const d = new Date();
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
}

function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** Cuts a page short before its first form or table, as a truncated transfer would leave it. */
export function breakMarkup(html: string): string {
  const start = Math.max(0, html.indexOf('id="main-column'));
  const candidates = ['<form', '<table'].map((t) => html.indexOf(t, start)).filter((i) => i > 0);
  const cut = candidates.length > 0 ? Math.min(...candidates) : Math.floor(html.length / 2);
  return html.slice(0, cut);
}

/**
 * Cuts a page short inside its first form, as a transfer broken mid-page would leave it: just
 * before `cutAt` when the form contains it, else halfway through the form. A page without a
 * form is cut like brokenMarkup.
 */
export function truncateForm(html: string, cutAt?: string): string {
  const start = html.indexOf('<form');
  const end = start < 0 ? -1 : html.indexOf('</form>', start);
  if (start < 0 || end < 0) return breakMarkup(html);
  const marker = cutAt === undefined ? -1 : html.indexOf(cutAt, start);
  const cut = marker > start && marker < end ? marker : start + Math.floor((end - start) / 2);
  return html.slice(0, cut);
}

export async function startBackofficeSimulator(options: BackofficeSimulatorOptions = {}): Promise<BackofficeSimulator> {
  const seed = options.seed ?? 'demo';
  const signIns = options.users && options.users.length > 0 ? options.users : [{ username: 'bot', password: 'bot-password' }];
  const seedOptions = {
    seed,
    tenant: options.tenant ?? 'hierarchical',
    employeeCount: options.employeeCount ?? DEFAULT_EMPLOYEE_COUNT,
    users: signIns,
  } as const;
  if (!Number.isInteger(seedOptions.employeeCount) || seedOptions.employeeCount < 0) throw new Error('employeeCount must be a whole number ≥ 0');
  let timeScale = options.timeScale ?? 1;
  let latencyMs = options.latencyMs ?? 0;
  if (!(timeScale > 0)) throw new Error('timeScale must be > 0');
  if (!(latencyMs >= 0)) throw new Error('latencyMs must be ≥ 0');
  if (seedOptions.tenant !== 'hierarchical' && seedOptions.tenant !== 'flat') throw new Error("tenant must be 'hierarchical' or 'flat'");
  for (const u of signIns) {
    if (typeof u.username !== 'string' || u.username === '' || typeof u.password !== 'string' || u.password === '') {
      throw new Error('every sign-in needs a non-empty username and password');
    }
  }

  let store: TenantStore = seedTenant({ ...seedOptions, users: [...signIns] });
  let sessions = new Map<string, Session>();
  let log: LoggedRequest[] = [];
  let faults = new FaultSet(createRandom(`faults:${seed}`));
  let xferRandom = createRandom(`xfer:${seed}`);
  let idRandom = createRandom(`ids:${seed}`);

  const lifetime = () => SESSION_IDLE_MS * timeScale;

  let sessionsCreated = 0;
  function newSession(): Session {
    // Expired sessions are dropped lazily; sweep now and then so clients that never send a cookie cost nothing.
    if (++sessionsCreated % 256 === 0) {
      const now = Date.now();
      for (const [id, s] of sessions) if (now - s.lastSeen > lifetime()) sessions.delete(id);
    }
    const session: Session = {
      id: randomBytes(16).toString('hex').slice(0, 26),
      username: null,
      displayName: '',
      lastSeen: Date.now(),
      flashes: [],
      userCreateRefill: null,
    };
    sessions.set(session.id, session);
    return session;
  }

  function liveSession(id: string | null): Session | null {
    if (!id) return null;
    const s = sessions.get(id);
    if (!s) return null;
    if (Date.now() - s.lastSeen > lifetime()) {
      sessions.delete(id);
      return null;
    }
    return s;
  }

  const takeFlashes = (s: Session): Flash[] => {
    const f = s.flashes;
    s.flashes = [];
    return f;
  };

  const redirect = (location: string): Reply => ({ status: 302, body: redirectShell(location), location });
  const page = (body: string): Reply => ({ status: 200, body });
  const notFound = (): Reply => ({ status: 404, body: renderErrorPage(404, 'Not Found') });

  function fail(ctx: RequestContext, target: string, messages: string[], asList: boolean): Reply {
    ctx.session.flashes.push({ type: 'error', messages, asList });
    const xfer = randomAlnum(xferRandom, 8);
    return redirect(`${target}${target.includes('?') ? '&' : '?'}actionXfer=${xfer}`);
  }

  function succeed(ctx: RequestContext, target: string, message: string | null): Reply {
    if (message) ctx.session.flashes.push({ type: 'success', messages: [message], asList: false });
    return redirect(target);
  }

  // ---- handlers -------------------------------------------------------------------------------------------

  function loginCheck(ctx: RequestContext, res: { setSession(s: Session): void }): Reply {
    const form = ctx.form ?? new FormBody([]);
    const username = form.value('_username');
    const password = form.value('_password');
    const configured = signIns.find((u) => u.username === username && u.password === password);
    const created = [...store.users.values()].find((u) => u.active && u.password !== null && u.username === username && u.password === password);
    const account = configured ? [...store.users.values()].find((u) => u.username === configured.username) : created;
    if (!configured && !created) {
      ctx.session.flashes.push({ type: 'error', messages: ['Invalid credentials.'], asList: false });
      return redirect('/login');
    }
    // A new session id on sign-in, as Symfony migrates the session.
    sessions.delete(ctx.session.id);
    const fresh = newSession();
    fresh.username = username;
    fresh.displayName = account ? `${account.firstName} ${account.lastName}` : username;
    res.setSession(fresh);
    return redirect('/');
  }

  function rosterQuery(url: URL): RosterQuery {
    const p = url.searchParams;
    const active = p.get('active');
    const sites: number[] = [];
    for (const [k, v] of p) {
      if (/^sites\[\d*\]$/.test(k)) {
        const id = parsePositiveInt(v);
        if (id !== null && !sites.includes(id)) sites.push(id);
      }
    }
    const sitesByCode = [...store.tree.sites].sort((a, b) => a.code.toLowerCase().localeCompare(b.code.toLowerCase()));
    const limit = parsePositiveInt(p.get('limit') ?? '');
    return {
      sortType: p.get('sort_type') === 'last_name' ? 'last_name' : 'first_name',
      sortDir: p.get('sort_dir') === '-1' ? -1 : 1,
      active: active === 'all' || active === 'inactive' ? active : 'active',
      sites: sites.length > 0 ? sites : sitesByCode.map((s) => s.id),
      firstName: (p.get('first_name') ?? '').trim(),
      lastName: (p.get('last_name') ?? '').trim(),
      posUserId: (p.get('posUserId') ?? '').trim(),
      limit,
    };
  }

  function roster(ctx: RequestContext, pageNumber: number): Reply {
    const q = rosterQuery(ctx.url);
    const wantedSites = new Set(q.sites);
    const first = q.firstName.toLowerCase();
    const last = q.lastName.toLowerCase();
    const rows: EmployeeRecord[] = [];
    for (const e of store.employees.values()) {
      if (q.active === 'active' && !e.isActive) continue;
      if (q.active === 'inactive' && e.isActive) continue;
      if (first && !e.firstName.toLowerCase().startsWith(first)) continue;
      if (last && !e.lastName.toLowerCase().startsWith(last)) continue;
      if (q.posUserId && String(e.posUserId) !== q.posUserId) continue;
      // Employees without a site never show; the site filter keeps those available at any chosen site.
      const ids = effectiveSiteIds(store.tree, e.siteAccess);
      if (!ids.some((id) => wantedSites.has(id))) continue;
      rows.push(e);
    }
    const key = (e: EmployeeRecord) => (q.sortType === 'last_name' ? e.lastName : e.firstName).toLowerCase();
    rows.sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      return (ka < kb ? -1 : ka > kb ? 1 : a.id - b.id) * q.sortDir;
    });
    const size = q.limit ?? 25;
    const totalPages = Math.max(1, Math.ceil(rows.length / size));
    const slice = rows.slice((pageNumber - 1) * size, pageNumber * size);
    return page(
      renderRosterPage({ tree: store.tree, userName: ctx.session.displayName, flashes: takeFlashes(ctx.session), query: q, rows: slice, page: pageNumber, totalPages }),
    );
  }

  function employeeInsert(ctx: RequestContext): Reply {
    const form = ctx.form ?? new FormBody([]);
    const { value, errors } = bindEmployee(form, store, null);
    if (errors.length > 0) return fail(ctx, '/employee/create', errors, true);
    const id = store.nextEmployeeId++;
    const siteIds = effectiveSiteIds(store.tree, value.siteAccess);
    const wageSite = parsePositiveInt(form.value('wage[siteId]'));
    const record: EmployeeRecord = {
      id,
      posCredentialId: store.nextPosCredentialId++,
      ...value,
      isActive: true,
      grants: [],
      overrides: [],
      wage: {
        isHourly: form.value('wage[isHourly]') !== '0',
        regularRate: form.value('wage[regularRate]').trim(),
        overtimeRate: form.value('wage[overtimeRate]').trim(),
        isOvertimeEligible: form.has('wage[isOvertimeEligible]'),
        siteId: wageSite ?? siteIds[0] ?? null,
      },
      wageHistory: [],
      statusSince: Date.now(),
    };
    record.wageHistory.push({ ...record.wage, effectiveDate: record.startDate });
    store.employees.set(id, record);
    return succeed(ctx, `/employee/permissions/${id}`, `${record.firstName} ${record.lastName} has been created successfully! Please setup their POS permissions.`);
  }

  function employeeUpdate(ctx: RequestContext): Reply {
    const form = ctx.form ?? new FormBody([]);
    const id = parsePositiveInt(form.value('employee[id]'));
    const existing = id === null ? undefined : store.employees.get(id);
    if (!existing) return fail(ctx, '/employee', [CHOSEN_MESSAGES.employeeNotFound], false);
    const { value, errors } = bindEmployee(form, store, existing.id);
    if (errors.length > 0) return fail(ctx, `/employee/edit/${existing.id}`, errors, true);
    const statusChanged = existing.isActive !== value.isActive;
    Object.assign(existing, value);
    if (statusChanged) existing.statusSince = Date.now();
    return succeed(ctx, '/employee', `${existing.firstName} ${existing.lastName} was updated successfully.`);
  }

  function permissionsUpdate(ctx: RequestContext): Reply {
    const form = ctx.form ?? new FormBody([]);
    const id = parsePositiveInt(form.value('employeeId'));
    const existing = id === null ? undefined : store.employees.get(id);
    if (!existing) return fail(ctx, '/employee', [CHOSEN_MESSAGES.employeeNotFound], false);
    // `templateId` is never applied. A post without any matrix field changes nothing (the real minimal post had
    // no effect); otherwise the matrix is replaced by exactly the boxes present.
    if (!form.pairs.some(([k]) => k.startsWith('permissions['))) return succeed(ctx, '/employee', null);
    existing.grants = POS_PERMISSION_IDS.filter((n) => form.has(`permissions[${n}][hasGrantAccess]`));
    existing.overrides = POS_PERMISSION_IDS.filter((n) => form.has(`permissions[${n}][requiresOverride]`));
    return succeed(ctx, '/employee', null);
  }

  function compensationUpdate(ctx: RequestContext): Reply {
    const form = ctx.form ?? new FormBody([]);
    const id = parsePositiveInt(form.value('employeeId'));
    const existing = id === null ? undefined : store.employees.get(id);
    if (!existing) return fail(ctx, '/employee', [CHOSEN_MESSAGES.employeeNotFound], false);
    const back = `/employee/compensation/${existing.id}`;
    const effectiveDate = parseFormDate(form.value('wage[effectiveDate]'));
    const rate = form.value('wage[regularRate]').trim();
    const errors: string[] = [];
    if (effectiveDate === null) errors.push(CHOSEN_MESSAGES.effectiveDate);
    if (!/^\d+(\.\d{1,2})?$/.test(rate)) errors.push(CHOSEN_MESSAGES.regularRate);
    if (errors.length > 0) return fail(ctx, back, errors, true);
    const latest = existing.wageHistory[existing.wageHistory.length - 1];
    // A wage not strictly after the latest record is answered like a success and silently not applied.
    if (effectiveDate === null || (latest && compareFormDates(effectiveDate, latest.effectiveDate) <= 0)) return redirect(back);
    const eligible = form.has('wage[isOvertimeEligible]');
    const wageSite = parsePositiveInt(form.value('wage[siteId]'));
    existing.wage = {
      isHourly: form.value('wage[isHourly]') !== '0',
      regularRate: Number(rate).toFixed(2),
      overtimeRate: eligible ? form.value('wage[overtimeRate]').trim() : '',
      isOvertimeEligible: eligible,
      siteId: wageSite ?? existing.wage.siteId,
    };
    existing.wageHistory.push({ ...existing.wage, effectiveDate });
    return redirect(back);
  }

  function userInsert(ctx: RequestContext): Reply {
    const form = ctx.form ?? new FormBody([]);
    const linked = form.has('employee[isOnSiteEmployee]');
    const username = form.value('user[username]').trim();
    const email = form.value('employee[email]').trim();
    const password = form.value('user[password]');
    const confirm = form.value('user[confirmPassword]');
    ctx.session.userCreateRefill = {
      isOnSiteEmployee: linked,
      employeeId: form.value('user[employeeId]'),
      firstName: form.value('employee[firstName]'),
      lastName: form.value('employee[lastName]'),
      email,
      username,
    };
    let employee: EmployeeRecord | undefined;
    const errors: string[] = [];
    let firstName = form.value('employee[firstName]').trim();
    let lastName = form.value('employee[lastName]').trim();
    if (linked) {
      const employeeId = parsePositiveInt(form.value('user[employeeId]'));
      employee = employeeId === null ? undefined : store.employees.get(employeeId);
      if (!employee) {
        errors.push(CHOSEN_MESSAGES.userEmployeeMissing);
      } else if (!employee.isActive) {
        return fail(ctx, '/user/create', [MESSAGES.relatedEmployeeInactive], false);
      } else {
        firstName = employee.firstName;
        lastName = employee.lastName;
      }
    } else {
      if (firstName.length < 1 || firstName.length > 64) errors.push(CHOSEN_MESSAGES.userFirstName);
      if (lastName.length < 1 || lastName.length > 64) errors.push(CHOSEN_MESSAGES.userLastName);
    }
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) errors.push(CHOSEN_MESSAGES.userEmail);
    if (!USERNAME_PATTERN.test(username)) errors.push(CHOSEN_MESSAGES.username);
    if (password !== confirm || password.length < 8) errors.push(CHOSEN_MESSAGES.password);
    if (username !== '' && [...store.users.values()].some((u) => u.username.toLowerCase() === username.toLowerCase())) {
      errors.push(CHOSEN_MESSAGES.duplicateUsername(username));
    }
    if (email !== '' && isEmailTaken(store, email, { employeeId: employee?.id ?? null, userId: null })) {
      errors.push(CHOSEN_MESSAGES.duplicateEmail(email));
    }
    if (errors.length > 0) return fail(ctx, '/user/create', errors, true);
    ctx.session.userCreateRefill = null;
    const id = store.nextUserId;
    store.nextUserId += randomInt(idRandom, 1, 40);
    store.users.set(id, {
      id,
      username,
      email,
      firstName,
      lastName,
      phone: employee?.phone ?? '',
      employeeId: employee?.id ?? null,
      active: true,
      password,
      tokens: [],
      siteAccess: { all: false, regionsAll: [], districtsAll: [], siteIds: [] },
    });
    return succeed(ctx, `/user/permissions/${id}?userIsNew=1`, null);
  }

  function userPermissionsUpdate(ctx: RequestContext): Reply {
    const form = ctx.form ?? new FormBody([]);
    const id = parsePositiveInt(form.value('userId'));
    const user = id === null ? undefined : store.users.get(id);
    if (!user) return fail(ctx, '/user', [CHOSEN_MESSAGES.userNotFound], false);
    const access = decodeSiteAccess(form, store.tree, USER_TREE);
    const count = access.all ? store.tree.sites.length : effectiveSiteIds(store.tree, access).length;
    if (count === 0) {
      return fail(ctx, `/user/permissions/${user.id}?userIsNew=${encodeURIComponent(form.value('userIsNew'))}`, [MESSAGES.accessibleSites], true);
    }
    const tokens: string[] = [];
    for (const index of form.keysUnder('perms', '[isEnabled]')) {
      const token = form.value(`perms[${index}][token]`);
      if (BO_TOKENS.includes(token) && !tokens.includes(token)) tokens.push(token);
    }
    user.siteAccess = access;
    user.tokens = tokens;
    return succeed(ctx, '/user', null);
  }

  function userList(ctx: RequestContext): Reply {
    const p = ctx.url.searchParams;
    const status = p.get('statusSearch');
    const q: UserListQuery = {
      firstNameSearch: (p.get('firstNameSearch') ?? '').trim(),
      lastNameSearch: (p.get('lastNameSearch') ?? '').trim(),
      userNameSearch: (p.get('userNameSearch') ?? '').trim(),
      emailSearch: (p.get('emailSearch') ?? '').trim(),
      statusSearch: status === 'active' || status === 'inactive' ? status : 'all',
    };
    const has = (value: string, needle: string) => needle === '' || value.toLowerCase().includes(needle.toLowerCase());
    const users = [...store.users.values()]
      .filter(
        (u) =>
          has(u.firstName, q.firstNameSearch) &&
          has(u.lastName, q.lastNameSearch) &&
          has(u.username, q.userNameSearch) &&
          has(u.email, q.emailSearch) &&
          (q.statusSearch === 'all' || (q.statusSearch === 'active') === u.active),
      )
      .sort((a, b) => a.username.toLowerCase().localeCompare(b.username.toLowerCase()));
    return page(renderUserListPage({ userName: ctx.session.displayName, flashes: takeFlashes(ctx.session), query: q, users }));
  }

  function route(ctx: RequestContext, res: { setSession(s: Session): void }): Reply {
    const { method, path } = ctx;
    if (method === 'GET' && path === '/login') return page(renderLoginPage(takeFlashes(ctx.session)));
    if (method === 'POST' && path === '/login_check') return loginCheck(ctx, res);
    if (method === 'GET' && path === '/logout') {
      sessions.delete(ctx.session.id);
      res.setSession(newSession());
      return redirect('/login');
    }
    if (ctx.session.username === null) return redirect('/login');
    const s = ctx.session;
    let m: RegExpExecArray | null;
    if (method === 'GET') {
      if (path === '/') {
        const active = [...store.employees.values()].filter((e) => e.isActive).length;
        return page(renderDashboardPage({ userName: s.displayName, flashes: takeFlashes(s), employeeCount: active, siteCount: store.tree.sites.length }));
      }
      if (path === '/employee' || path === '/employee/') return roster(ctx, 1);
      if ((m = /^\/employee\/(\d+)$/.exec(path))) return roster(ctx, Math.max(1, Number(m[1])));
      if (path === '/employee/create') {
        return page(renderEmployeeCreatePage({ tree: store.tree, userName: s.displayName, flashes: takeFlashes(s), today: todayFormDate() }));
      }
      if ((m = /^\/employee\/edit\/(\d+)$/.exec(path))) {
        const employee = store.employees.get(Number(m[1]));
        if (!employee) return notFound();
        return page(renderEmployeeEditPage({ tree: store.tree, userName: s.displayName, flashes: takeFlashes(s), employee }));
      }
      if ((m = /^\/employee\/compensation\/(\d+)$/.exec(path))) {
        const employee = store.employees.get(Number(m[1]));
        if (!employee) return notFound();
        return page(renderEmployeeCompensationPage({ tree: store.tree, userName: s.displayName, flashes: takeFlashes(s), employee, today: todayFormDate() }));
      }
      if ((m = /^\/employee\/permissions\/(\d+)$/.exec(path))) {
        const employee = store.employees.get(Number(m[1]));
        if (!employee) return notFound();
        // The real permissions page leaves pending flashes alone: after an insert, the "created successfully"
        // flash shows on the next page (the edit page in the captures), not here.
        return page(renderEmployeePermissionsPage({ userName: s.displayName, flashes: [], employee }));
      }
      if (path === '/user' || path === '/user/') return userList(ctx);
      if (path === '/user/create') {
        const refill = s.userCreateRefill;
        s.userCreateRefill = null;
        return page(renderUserCreatePage({ userName: s.displayName, flashes: takeFlashes(s), employees: [...store.employees.values()], refill }));
      }
      if ((m = /^\/user\/permissions\/(\d+)$/.exec(path))) {
        const user = store.users.get(Number(m[1]));
        if (!user) return notFound();
        return page(
          renderUserPermissionsPage({ tree: store.tree, userName: s.displayName, flashes: takeFlashes(s), user, userIsNew: ctx.url.searchParams.get('userIsNew') ?? '' }),
        );
      }
    }
    if (method === 'POST') {
      if (path === '/employee/insert') return employeeInsert(ctx);
      if (path === '/employee/update') return employeeUpdate(ctx);
      if (path === '/employee/permissions/update') return permissionsUpdate(ctx);
      if (path === '/employee/compensation/update') return compensationUpdate(ctx);
      if (path === '/user/insert') return userInsert(ctx);
      if (path === '/user/permissions/update') return userPermissionsUpdate(ctx);
    }
    return notFound();
  }

  // ---- HTTP ---------------------------------------------------------------------------------------------------

  function readBody(req: IncomingMessage): Promise<string> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      req.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_BODY_BYTES) {
          reject(new Error('body too large'));
          req.destroy();
          return;
        }
        chunks.push(chunk);
      });
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname;
    const rawBody = method === 'POST' ? await readBody(req) : '';
    const contentType = String(req.headers['content-type'] ?? '');
    const form = method === 'POST' && contentType.includes('application/x-www-form-urlencoded') ? FormBody.parse(rawBody) : method === 'POST' ? new FormBody([]) : null;
    const entry: LoggedRequest = { method, path, query: Object.fromEntries(url.searchParams), status: 0, at: Date.now() };
    if (form) entry.body = form.pairs.map(([k, v]) => [k, v] as [string, string]);
    log.push(entry);
    if (log.length > MAX_LOGGED_REQUESTS) log = log.slice(-Math.floor(MAX_LOGGED_REQUESTS / 2));

    if (latencyMs > 0) await sleep(latencyMs);
    const fired = faults.draw(method, path);
    if (fired.some((f) => f.kind === 'drop')) {
      req.socket.destroy();
      return;
    }
    const serverError = fired.find((f) => f.kind === 'serverError');
    if (serverError) {
      const status = serverError.status ?? 500;
      entry.status = status;
      res.writeHead(status, BASE_HEADERS);
      res.end(renderErrorPage(status, status === 503 ? 'Service Unavailable' : 'Internal Server Error'));
      return;
    }
    for (const f of fired) if (f.kind === 'slow') await sleep(f.delayMs ?? 5000);
    const cookieId = readCookie(req.headers.cookie, 'PHPSESSID');
    if (fired.some((f) => f.kind === 'expireSession') && cookieId) sessions.delete(cookieId);

    let session = liveSession(cookieId);
    let setCookie = false;
    if (!session) {
      session = newSession();
      setCookie = true;
    }
    session.lastSeen = Date.now();
    let replySession = session;
    const ctx: RequestContext = { method, path, url, form, session };
    const ignore = method === 'POST' && fired.some((f) => f.kind === 'acceptButIgnore');
    const before = ignore ? store.snapshot() : null;
    const reply = route(ctx, {
      setSession(s) {
        replySession = s;
        setCookie = true;
      },
    });
    if (before) store.restore(before);
    // The server did the work, but the answer never arrives: only a client that never re-sends such a POST stays correct.
    if (fired.some((f) => f.kind === 'dropAfterApply')) {
      req.socket.destroy();
      return;
    }
    let body = reply.body;
    if (reply.status === 200 && fired.some((f) => f.kind === 'brokenMarkup')) body = breakMarkup(body);
    const truncation = reply.status === 200 ? fired.find((f) => f.kind === 'truncatedForm') : undefined;
    if (truncation) body = truncateForm(body, truncation.cutAt);
    const headers: Record<string, string> = { ...BASE_HEADERS };
    if (reply.location) headers.Location = reply.location;
    if (setCookie) headers['Set-Cookie'] = `PHPSESSID=${replySession.id}; path=/; HttpOnly; SameSite=Lax`;
    entry.status = reply.status;
    if (reply.location) entry.location = reply.location;
    res.writeHead(reply.status, headers);
    res.end(body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) {
        res.writeHead(500, BASE_HEADERS);
        res.end(renderErrorPage(500, 'Internal Server Error'));
      }
      if (!(error instanceof Error && error.message === 'body too large')) console.error('backoffice simulator: request failed', error);
    });
  });
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  const control: BackofficeSimulatorControl = {
    employees: () => [...store.employees.values()].sort((a, b) => a.id - b.id).map((e) => toSimEmployee(store.tree, e)),
    employee: (id) => {
      const e = store.employees.get(id);
      return e ? toSimEmployee(store.tree, e) : undefined;
    },
    users: () => [...store.users.values()].sort((a, b) => a.id - b.id).map((u) => toSimUser(store.tree, u)),
    requests: () => log.map((r) => ({ ...r, query: { ...r.query }, ...(r.body ? { body: r.body.map(([k, v]) => [k, v] as [string, string]) } : {}) })),
    clearRequests: () => {
      log = [];
    },
    expireSessions: () => {
      sessions = new Map();
    },
    setLatency: (ms) => {
      if (!(ms >= 0)) throw new Error('latency must be ≥ 0');
      latencyMs = ms;
    },
    setTimeScale: (scale) => {
      if (!(scale > 0)) throw new Error('timeScale must be > 0');
      timeScale = scale;
    },
    inject: (fault) => faults.add(fault),
    clearFaults: () => faults.clear(),
    reset: () => {
      store = seedTenant({ ...seedOptions, users: [...signIns] });
      sessions = new Map();
      log = [];
      faults = new FaultSet(createRandom(`faults:${seed}`));
      xferRandom = createRandom(`xfer:${seed}`);
      idRandom = createRandom(`ids:${seed}`);
    },
    sites: () => store.tree.sites.map((s) => ({ ...s })),
    sessionLifetimeMs: () => lifetime(),
  };

  return {
    url: `http://127.0.0.1:${port}`,
    control,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        for (const socket of sockets) socket.destroy();
      }),
  };
}
