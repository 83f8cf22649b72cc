/**
 * Canary: a unique bot password (and caller-chosen Back Office passwords) must appear in no
 * public object the library hands out (the client before and after use, every result, every
 * error with its causes), serialized or inspected, nor in any log line.
 */
import { inspect } from 'node:util';
import { startBackofficeSimulator, type BackofficeSimulator } from '@washops/backoffice-simulator';
import { WashOpsError } from '@washops/shared-errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackofficeClient } from '../src/index.js';
import { Session } from '../src/session/session.js';
import { Cache } from '../src/tenant/cache.js';
import { Transport } from '../src/transport/transport.js';
import { clientFor, newEmployee } from './support/harness.js';

const BOT_SECRET = `canary-bot-${process.pid}-${Date.now()}-Zq9`;
const USER_SECRET = `canary-user-${process.pid}-${Date.now()}-Xw4`;
const SECRETS = [BOT_SECRET, USER_SECRET];

let sim: BackofficeSimulator;
beforeAll(async () => {
  sim = await startBackofficeSimulator({ seed: 'canary', users: [{ username: 'bot', password: BOT_SECRET }] });
});
afterAll(async () => {
  await sim?.close();
});

/** Every rendering a caller, a logger or a crash report could make of a value. */
function renderings(value: unknown): string[] {
  const out = [inspect(value, { depth: Infinity, showHidden: true, getters: true }), String(value)];
  try {
    out.push(JSON.stringify(value) ?? '');
  } catch (error) {
    out.push(String(error));
  }
  if (value instanceof Error) {
    out.push(value.stack ?? '', value.message);
    if (value.cause !== undefined) out.push(...renderings(value.cause));
  }
  return out;
}

function expectNoSecret(label: string, value: unknown): void {
  for (const text of renderings(value)) for (const secret of SECRETS) expect(text.includes(secret), `${label} shows a secret`).toBe(false);
}

describe('secret canary', () => {
  it('finds the secrets in no client, result, error or log line, on success and failure paths', async () => {
    const lines: unknown[] = [];
    const log = (o: object, m?: string) => lines.push(o, m);
    const logger = { debug: log, info: log, warn: log, error: log };
    const bo = clientFor(sim, { password: BOT_SECRET, logger, loginCooldownMs: 0 });
    expectNoSecret('a new client', bo);
    const handedOut: Array<[string, unknown]> = [];
    const record = async (label: string, run: () => Promise<unknown>) => {
      try {
        handedOut.push([label, await run()]);
      } catch (error) {
        expect(error, label).toBeInstanceOf(WashOpsError);
        handedOut.push([`${label} (error)`, error]);
      }
    };

    const employee = newEmployee({ requiresBackoffice: true, backofficeUsername: `canary_${Date.now()}`, backofficePassword: USER_SECRET });
    await record('createEmployee', () => bo.createEmployee(employee));
    await record('createEmployee duplicate', () => bo.createEmployee(employee));
    sim.control.inject({ route: 'POST /user/insert', kind: 'acceptButIgnore', count: 1 });
    await record('createEmployee, user ignored', () => bo.createEmployee(newEmployee({ requiresBackoffice: true, backofficeUsername: `canary2_${Date.now()}`, backofficePassword: USER_SECRET })));
    await record('createBackofficeUser', () =>
      bo.createBackofficeUser({ username: `canary3_${Date.now()}`, email: 'canary3@example.invalid', permission: 'Manager', firstName: 'Can', lastName: 'Ary', password: USER_SECRET }),
    );
    await record('createBackofficeUser invalid', () => bo.createBackofficeUser({ username: '1', email: 'x', permission: '', password: USER_SECRET }));
    await record('disableEmployee', () => bo.disableEmployee({ posUserId: employee.posUserId }));
    await record('disableEmployee unknown', () => bo.disableEmployee({ posUserId: 1_999_999 }));
    await record('listSites', () => bo.listSites());
    await record('listDepartments', () => bo.listDepartments());
    await record('listPermissions', () => bo.listPermissions());
    await record('listEmployees', () => bo.listEmployees());
    await record('isPosUserIdAvailable', () => bo.isPosUserIdAvailable(employee.posUserId));
    await record('isEmailAvailable', () => bo.isEmailAvailable(employee.email));
    await record('isPhoneAvailable', () => bo.isPhoneAvailable(employee.phone));
    sim.control.inject({ route: 'GET /employee', kind: 'serverError', count: 2 });
    await record('listEmployees 5xx', () => bo.listEmployees({ refresh: true }));
    expectNoSecret('the client after use', bo);

    const wrong = clientFor(sim, { password: `${BOT_SECRET}-wrong`, logger });
    await record('rejected login', () => wrong.listSites());
    await record('cooling down', () => wrong.listSites());
    expectNoSecret('a client whose login was rejected', wrong);
    await record('bad options', async () => new BackofficeClient({ baseUrl: 'nope', username: 'bot', password: BOT_SECRET }));

    expect(handedOut.filter(([label]) => label.endsWith('(error)')).length).toBeGreaterThanOrEqual(6);
    for (const [label, value] of handedOut) expectNoSecret(label, value);
    expectNoSecret('the log lines', lines);
    await bo.close();
    await wrong.close();
  });

  it('keeps the internals that hold secrets (session, transport, caches) out of inspect and JSON', async () => {
    const transport = new Transport({ baseUrl: sim.url, timeoutMs: 5_000, fetch: (input, init) => fetch(input, init), getRetries: 0 });
    const session = new Session(transport, { username: 'bot', password: BOT_SECRET }, { loginCooldownMs: 0 });
    await session.ensure();
    const cache = new Cache(async () => ({ password: USER_SECRET }));
    await cache.get();
    for (const [label, value] of [['session', session], ['transport', transport], ['cache', cache]] as const) {
      expectNoSecret(label, value);
      expect(Object.keys(value), label).toEqual([]);
    }
    await session.logout();
  });
});
