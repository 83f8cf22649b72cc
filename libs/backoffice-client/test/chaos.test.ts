/**
 * Chaos: hundreds of randomized operations while the simulator injects faults (5xx, dropped
 * connections, broken pages, slow answers, writes accepted but not applied) and sessions expire.
 * Some POSTs are applied and then lose their answer. Checked after every operation: a reported
 * success is a change the simulator really made, no employee exists twice, and every failure is
 * a typed WashOps error. Checked at the end: no insert was sent twice unless the first was
 * answered by the redirect to /login (the server's uniqueness rules would hide such a re-send).
 */
import { startBackofficeSimulator, type BackofficeSimulator } from '@washops/backoffice-simulator';
import { InternalError, WashOpsError } from '@washops/shared-errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackofficeClient, PosPermissionTemplate } from '../src/index.js';
import { clientFor, newEmployee } from './support/harness.js';

const OPERATIONS = 320;

/** mulberry32: a small seeded PRNG, so a failing run can be replayed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let sim: BackofficeSimulator;
beforeAll(async () => {
  sim = await startBackofficeSimulator({ seed: 'chaos', employeeCount: 150 });
});
afterAll(async () => {
  await sim?.close();
});

describe('chaos', () => {
  it(`keeps its promises through ${OPERATIONS} randomized operations under faults`, async () => {
    const seed = Number(process.env['CHAOS_SEED'] ?? 20261122);
    const random = prng(seed);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

    const templates = await (async () => {
      await using reader = clientFor(sim);
      return (await reader.listPermissions({ scope: 'pos' })) as PosPermissionTemplate[];
    })();
    const siteNames = sim.control.sites().map((s) => s.name);

    // Writes that are verified by a read can be "accepted but ignored"; the permission and user
    // POSTs are not read back (the 4-request budget), so that fault is not injected there.
    sim.control.inject({ route: '*', kind: 'serverError', probability: 0.04 });
    sim.control.inject({ route: '*', kind: 'drop', probability: 0.03 });
    // Applied, then the answer is lost: a client that re-sent such a POST would create a duplicate.
    sim.control.inject({ route: 'POST *', kind: 'dropAfterApply', probability: 0.04 });
    sim.control.inject({ route: '*', kind: 'expireSession', probability: 0.04 });
    sim.control.inject({ route: 'GET *', kind: 'brokenMarkup', probability: 0.02 });
    sim.control.inject({ route: '*', kind: 'slow', probability: 0.02, delayMs: 40 });
    sim.control.inject({ route: 'POST /employee/update', kind: 'acceptButIgnore', probability: 0.15 });
    sim.control.inject({ route: 'POST /employee/insert', kind: 'acceptButIgnore', probability: 0.05 });

    const clients: BackofficeClient[] = [clientFor(sim, { timeoutMs: 5_000 }), clientFor(sim, { timeoutMs: 5_000, indexMaxAgeMs: 0 })];
    const tally: Record<string, { ok: number; failed: number }> = {};
    const failures = new Map<string, number>();
    const note = (op: string, ok: boolean) => {
      const entry = (tally[op] ??= { ok: 0, failed: 0 });
      if (ok) entry.ok++;
      else entry.failed++;
    };
    const checkTyped = (op: string, error: unknown) => {
      expect(error, `${op} threw a non-WashOps error: ${String(error)}`).toBeInstanceOf(WashOpsError);
      expect(error).not.toBeInstanceOf(InternalError);
      expect((error as Error).message.length).toBeGreaterThan(10);
      failures.set((error as WashOpsError).code, (failures.get((error as WashOpsError).code) ?? 0) + 1);
    };

    for (let i = 0; i < OPERATIONS; i++) {
      const bo = pick(clients);
      if (i % 37 === 36) sim.control.expireSessions();
      const roll = random();
      if (roll < 0.35) {
        const template = pick(templates);
        const sites = random() < 0.2 ? 'all' : [pick(siteNames), pick(siteNames)];
        const wantsUser = random() < 0.25;
        const input = newEmployee({
          availableSites: sites,
          permission: template.name,
          ...(wantsUser ? { requiresBackoffice: true, backofficeUsername: `chaos_${seed}_${i}` } : {}),
        });
        try {
          const created = await bo.createEmployee(input);
          note('createEmployee', true);
          const stored = sim.control.employee(created.employeeId);
          expect(stored, `createEmployee #${i} reported employee ${created.employeeId}`).toBeDefined();
          expect(stored?.posUserId).toBe(input.posUserId);
          const expectedSites = sites === 'all' ? 'all' : [...new Set(sites.map((n) => sim.control.sites().find((s) => s.name === n)?.id))].sort((a, b) => (a ?? 0) - (b ?? 0));
          expect(stored?.siteIds).toEqual(expectedSites);
          expect(stored?.grants).toEqual(template.grants);
          expect(stored?.overrides).toEqual(template.overrides);
          if (wantsUser) expect(sim.control.users().find((u) => u.id === created.backofficeUser?.userId)?.employeeId).toBe(created.employeeId);
        } catch (error) {
          note('createEmployee', false);
          checkTyped('createEmployee', error);
        }
        expect(sim.control.employees().filter((e) => e.posUserId === input.posUserId).length).toBeLessThanOrEqual(1);
      } else if (roll < 0.55) {
        const active = sim.control.employees().filter((e) => e.isActive);
        const target = pick(active);
        const byEmail = target.email !== '' && random() < 0.3;
        try {
          const result = await bo.disableEmployee(byEmail ? { email: target.email } : { posUserId: target.posUserId });
          note('disableEmployee', true);
          expect(result.employeeId).toBe(target.id);
          expect(sim.control.employee(target.id)?.isActive, `disableEmployee #${i} reported success`).toBe(false);
        } catch (error) {
          note('disableEmployee', false);
          checkTyped('disableEmployee', error);
        }
      } else if (roll < 0.65) {
        const username = `chaosuser_${seed}_${i}`;
        try {
          const created = await bo.createBackofficeUser({
            username,
            email: `${username}@example.invalid`,
            permission: 'Manager',
            firstName: 'Chaos',
            lastName: `User${i}`,
          });
          note('createBackofficeUser', true);
          expect(sim.control.users().find((u) => u.id === created.userId)?.username).toBe(username);
        } catch (error) {
          note('createBackofficeUser', false);
          checkTyped('createBackofficeUser', error);
        }
        expect(sim.control.users().filter((u) => u.username === username).length).toBeLessThanOrEqual(1);
      } else {
        const which = pick(['listSites', 'listPermissions', 'listEmployees', 'isPosUserIdAvailable', 'isEmailAvailable'] as const);
        try {
          const refresh = random() < 0.5;
          if (which === 'listSites') expect((await bo.listSites({ refresh })).length).toBe(siteNames.length);
          else if (which === 'listPermissions') expect((await bo.listPermissions({ scope: 'pos', refresh })).length).toBe(templates.length);
          else if (which === 'listEmployees') expect((await bo.listEmployees({ refresh: true })).length).toBe(sim.control.employees().length);
          else if (which === 'isPosUserIdAvailable') {
            const someone = pick(sim.control.employees());
            expect(await bo.isPosUserIdAvailable(someone.posUserId, { refresh: true })).toBe(false);
          } else {
            expect(await bo.isEmailAvailable(`free_${i}@example.invalid`, { refresh })).toBe(true);
          }
          note(which, true);
        } catch (error) {
          note(which, false);
          checkTyped(which, error);
        }
      }
    }
    await Promise.all(clients.map((c) => c.close()));

    const sends = new Map<string, number>();
    for (const request of sim.control.requests()) {
      if (request.method !== 'POST' || request.location === '/login') continue;
      const field = request.path === '/employee/insert' ? 'posCredential[POSLoginID]' : request.path === '/user/insert' ? 'user[username]' : null;
      const value = field && request.body?.find(([name]) => name === field)?.[1];
      if (value) sends.set(`${request.path} ${value}`, (sends.get(`${request.path} ${value}`) ?? 0) + 1);
    }
    expect([...sends].filter(([, count]) => count > 1)).toEqual([]);

    const total = Object.values(tally).reduce((n, t) => n + t.ok + t.failed, 0);
    expect(total).toBe(OPERATIONS);
    // The faults must have bitten, and most operations must still have succeeded.
    expect([...failures.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(10);
    expect(Object.values(tally).reduce((n, t) => n + t.ok, 0)).toBeGreaterThan(OPERATIONS / 2);
    console.info(`chaos seed ${seed}:`, JSON.stringify(tally), 'failures by code:', JSON.stringify(Object.fromEntries(failures)));
  }, 120_000);
});
