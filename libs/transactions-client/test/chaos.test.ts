import { InternalError, WashOpsError } from '@washops/shared-errors';
import { Prng } from '@washops/sim-kit';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSACTION_TYPES, type TransactionsClient } from '../src/index.js';
import { clientFor, DAY, dayStart, pickSites, startPinnedSimulator, type Simulator } from './support/sim.js';

/**
 * Randomized operations against the simulator while it injects 5xx answers, dropped connections,
 * slow answers (past the client's timeout), 429 storms, malformed JSON and failing or never-ending
 * jobs. Every call must either return exactly what the same call returns without faults, or throw
 * a typed WashOps error; nothing may reject unhandled.
 */

const SCALE = 0.01;
const OPERATIONS = 320;
const API_IDS = ['chaos-a', 'chaos-b', 'chaos-c']; // three budgets, so the run stays short
const PARALLEL_PER_CLIENT = 3;

interface Operation {
  key: string;
  run(client: TransactionsClient): Promise<unknown>;
}

let sim: Simulator;
let clients: TransactionsClient[];
let patientClients: TransactionsClient[];
const SEED = Number(process.env['CHAOS_SEED'] ?? 20261122);

beforeAll(async () => {
  sim = await startPinnedSimulator({ timeScale: SCALE, credentials: API_IDS.map((apiId) => ({ apiId, apiKey: `${apiId}-key` })) });
  // Under faults: a timeout short enough to turn the injected slow answers into timeouts.
  clients = API_IDS.map((apiId) =>
    clientFor(sim, SCALE, { apiId, apiKey: `${apiId}-key`, timeoutMs: 150, maxRetries: 3, backoff: { initialMs: 5, maxMs: 40 } }),
  );
  // For the fault-free reference: patient, so a loaded machine cannot turn it into timeouts.
  patientClients = API_IDS.map((apiId) => clientFor(sim, SCALE, { apiId, apiKey: `${apiId}-key`, timeoutMs: 10_000 }));
});
afterAll(async () => {
  for (const client of [...(clients ?? []), ...(patientClients ?? [])]) await client.close();
  await sim?.close();
});

/** Builds the operation mix: every operation kind, over small sites and short ranges so each costs a few requests. */
async function operations(random: () => number, ids: string[]): Promise<Operation[]> {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const ops: Operation[] = [];
  for (let i = 0; i < OPERATIONS; i++) {
    const daysAgo = 2 + Math.floor(random() * 3);
    const { small, busy } = pickSites(sim);
    const site = pick([small, busy]);
    const hours = site === small ? 24 : pick([1, 2, 4]);
    const startDate = dayStart(daysAgo) + (site === small ? 0 : 12 * 3600);
    const range = { startDate, endDate: startDate + hours * 3600 - 1, site };
    const kind = pick(['listSites', 'list', 'listByType', 'listV2', 'get', 'get', 'loadJob', 'loadJob', 'loadJob']);
    const type = pick(TRANSACTION_TYPES);
    const id = pick(ids);
    const key = `${kind}|${JSON.stringify(range)}|${type}|${id}`;
    const run = {
      listSites: (c: TransactionsClient) => c.listSites(),
      list: (c: TransactionsClient) => c.list(range),
      listByType: (c: TransactionsClient) => c.listByType(type, range),
      listV2: (c: TransactionsClient) => c.listV2(range),
      get: (c: TransactionsClient) => c.get(id),
      loadJob: (c: TransactionsClient) => c.loadJob({ ...range, pollIntervalMs: 60, timeoutMs: jobTimeoutMs(c) }),
    }[kind as 'list'];
    ops.push({ key: kind === 'listSites' ? kind : kind === 'get' ? `get|${id}` : key, run });
  }
  return ops;
}

/** A page that never finishes must time out quickly under faults; the reference may take its time. */
function jobTimeoutMs(client: TransactionsClient): number {
  return patientClients.includes(client) ? 10_000 : 400;
}

async function runAll(
  ops: Operation[],
  pool: TransactionsClient[],
  each: (op: Operation, client: TransactionsClient) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async (client: TransactionsClient): Promise<void> => {
    while (next < ops.length) await each(ops[next++] as Operation, client);
  };
  await Promise.all(pool.flatMap((client) => Array.from({ length: PARALLEL_PER_CLIENT }, () => worker(client))));
}

describe('chaos', () => {
  it(`${OPERATIONS} randomized operations under faults: complete and correct, or a typed error`, async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown): void => {
      unhandled.push(reason);
    };
    process.on('unhandledRejection', onUnhandled);
    try {
      const phaseStarted = performance.now();
      const prng = new Prng(SEED);
      const random = (): number => prng.next();
      const sample = await (patientClients[0] as TransactionsClient).list({ startDate: dayStart(2), endDate: dayStart(2) + DAY - 1, site: pickSites(sim).small });
      const ops = await operations(random, [...sample.slice(0, 12).map((r) => r.transId), '999:999']);

      // The fault-free answer of every distinct operation (errors included, such as 404 for 999:999).
      const reference = new Map<string, { ok: true; value: unknown } | { ok: false; code: string }>();
      const distinct = [...new Map(ops.map((op) => [op.key, op])).values()];
      await runAll(distinct, patientClients, async (op, client) => {
        try {
          reference.set(op.key, { ok: true, value: await op.run(client) });
        } catch (error) {
          reference.set(op.key, { ok: false, code: (error as WashOpsError).code });
        }
      });
      expect(sim.control.requests().filter((r) => r.status === 429)).toEqual([]);
      // Without faults the only failure is the deterministic 404 of an unknown id.
      expect([...reference.values()].filter((r) => !r.ok && r.code !== 'NOT_FOUND')).toEqual([]);

      sim.control.reset(); // fresh job cache: the faults below act on new jobs
      sim.control.inject({ kind: 'serverError', probability: 0.04 });
      sim.control.inject({ kind: 'serverError', status: 503, probability: 0.03 });
      sim.control.inject({ kind: 'drop', probability: 0.03 });
      sim.control.inject({ kind: 'slow', delayMs: 400, probability: 0.03 });
      sim.control.inject({ kind: 'rateLimitStorm', probability: 0.02 });
      sim.control.inject({ kind: 'malformedJson', probability: 0.02 });
      // Job faults act only when a job is created, and identical criteria reuse a job: the first
      // creations are certain to fail or hang, later ones by chance.
      sim.control.inject({ endpoint: 'loadJob', kind: 'jobFail', count: 2 });
      sim.control.inject({ endpoint: 'loadJob', kind: 'jobNeverFinishes', count: 2 });
      sim.control.inject({ endpoint: 'loadJob', kind: 'jobFail', probability: 0.12 });
      sim.control.inject({ endpoint: 'loadJob', kind: 'jobNeverFinishes', probability: 0.06 });

      const chaosStarted = performance.now();
      if (process.env['CHAOS_DEBUG']) console.log([...reference].filter(([, r]) => !r.ok).map(([k, r]) => `${k} ${JSON.stringify(r)}`).slice(0, 8));
      if (process.env['CHAOS_DEBUG']) console.log({ referenceMs: Math.round(chaosStarted - phaseStarted), distinct: distinct.length });
      const outcomes = { correct: 0, failed: new Map<string, number>() };
      const wrong: string[] = [];
      await runAll(ops, clients, async (op, client) => {
        const expected = reference.get(op.key);
        try {
          const value = await op.run(client);
          if (expected?.ok && isDeepStrictEqual(value, expected.value)) outcomes.correct++;
          else {
            wrong.push(`${op.key}: returned data that differs from the fault-free run`);
            if (process.env['CHAOS_DEBUG'] && expected?.ok && Array.isArray(value) && Array.isArray(expected.value)) {
              const i = value.findIndex((v, j) => !isDeepStrictEqual(v, (expected.value as unknown[])[j]));
              console.log(op.key, value.length, expected.value.length, i, JSON.stringify(value[i]), JSON.stringify((expected.value as unknown[])[i]));
            }
          }
        } catch (error) {
          if (!(error instanceof WashOpsError) || error instanceof InternalError) {
            wrong.push(`${op.key}: threw an untyped ${String(error)}`);
            return;
          }
          if (expected && !expected.ok && expected.code === error.code) outcomes.correct++; // e.g. the 404 of 999:999
          outcomes.failed.set(error.code, (outcomes.failed.get(error.code) ?? 0) + 1);
        }
      });

      const log = sim.control.requests();
      const statuses = log.reduce<Record<string, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});
      const failed = [...outcomes.failed].map(([code, n]) => `${code} ${n}`).join(', ');
      console.log(
        `chaos tally (seed ${SEED}): ${OPERATIONS} operations, ${outcomes.correct} correct (the answer or error of the same call without faults); ` +
          `typed failures: ${failed || 'none'}; ${log.length} requests, statuses ${JSON.stringify(statuses)}; ` +
          `${Math.round(performance.now() - chaosStarted)} ms`,
      );
      expect(wrong).toEqual([]);
      expect(unhandled).toEqual([]);
      // The faults really happened, and most calls still came through thanks to the retries.
      const fired = new Set(sim.control.requests().map((r) => (r as { fault?: string }).fault).filter(Boolean));
      for (const kind of ['serverError', 'drop', 'slow', 'rateLimitStorm', 'malformedJson']) expect(fired).toContain(kind);
      expect(outcomes.correct).toBeGreaterThan(OPERATIONS * 0.6);
      expect(outcomes.failed.get('API_ERROR') ?? 0).toBeGreaterThan(0); // failed jobs
      expect(outcomes.failed.get('API_TIMEOUT_ERROR') ?? 0).toBeGreaterThan(0); // never-ending jobs
      // Every 429 came from an injected storm, none from the client's own pace.
      expect(sim.control.requests().filter((r) => r.status === 429 && (r as { fault?: string }).fault !== 'rateLimitStorm')).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  }, 60_000);
});
