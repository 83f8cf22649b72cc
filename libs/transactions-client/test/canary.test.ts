/**
 * A canary API key, unique to this run, must appear in nothing the library hands out: the client,
 * every result, page, progress report, rate-limit event, error (and its public form) and log entry,
 * serialized with `JSON.stringify` or shown with `util.inspect`.
 */
import { toPublicError } from '@washops/shared-errors';
import { randomUUID } from 'node:crypto';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TransactionsClient, type Logger } from '../src/index.js';
import { fakeClient } from './support/fake-client.js';
import { json } from './support/fake-fetch.js';
import { clock, day, pickSites, startPinnedSimulator, type Simulator } from './support/sim.js';

const KEY = `canary-${randomUUID()}`;
const SCALE = 0.01;

/** Everything handed out, kept for the final check. */
function exposure() {
  const seen: unknown[] = [];
  const lines: string[] = [];
  const log = (entry: object, msg?: string) => lines.push(`${JSON.stringify(entry)} ${msg ?? ''}`, inspect(entry, { depth: Infinity }));
  const logger: Logger = { debug: log, info: log, warn: log, error: log };
  const keep = <T>(value: T): T => {
    seen.push(value);
    return value;
  };
  const settle = async (promise: Promise<unknown>) => keep(await promise.catch((error: unknown) => error));
  const check = () => {
    expect(seen.length).toBeGreaterThan(0);
    for (const value of seen) {
      const shown = [JSON.stringify(value) ?? '', inspect(value, { depth: Infinity, showHidden: true, getters: true })];
      if (value instanceof Error) shown.push(String(value), String(value.stack), JSON.stringify(toPublicError(value)));
      for (const text of shown) expect(text).not.toContain(KEY);
    }
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).not.toContain(KEY);
  };
  const errorNames = () => new Set(seen.filter((v): v is Error => v instanceof Error).map((e) => e.name));
  return { logger, keep, settle, check, errorNames };
}

async function pagesOf(pages: AsyncIterable<unknown>): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const page of pages) out.push(page);
  return out;
}

describe('the API key canary', () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startPinnedSimulator({ timeScale: SCALE, credentials: [{ apiId: 'canary', apiKey: KEY }] });
  });
  afterAll(async () => {
    await sim?.close();
  });

  it('against the simulator: every operation, success and failure, shows the key nowhere', async () => {
    const { logger, keep, settle, check, errorNames } = exposure();
    const { small } = pickSites(sim);
    const client = keep(
      new TransactionsClient({
        apiId: 'canary',
        apiKey: KEY,
        baseUrl: sim.url,
        rateLimit: { requests: 20, windowMs: 15_000 * SCALE },
        backoff: { initialMs: 1, maxMs: 5 },
        timeoutMs: 200,
        maxRetries: 1,
        logger,
        onRateLimited: keep,
        clock,
      }),
    );
    const range = { ...day(2), site: small };
    const rows = (await settle(client.list(range))) as Array<{ transId: string }>;
    await settle(client.listV2(range));
    await settle(client.listByType('wash', range));
    keep(await pagesOf(client.listPages(range)));
    await settle(client.listSites());
    await settle(client.get(rows[0]?.transId ?? '1:1'));
    await settle(client.loadJob({ ...range, pollIntervalMs: 5, onProgress: keep }));
    // Failures: not found, bad input, 5xx, malformed JSON, a long rate limit, a slow answer, a failed job.
    await settle(client.get('999999:999999'));
    await settle(client.list({ startDate: '2026-13-01' }));
    sim.control.inject({ endpoint: 'siteList', kind: 'serverError', count: 2 });
    await settle(client.listSites());
    sim.control.inject({ endpoint: 'siteList', kind: 'malformedJson', count: 2 });
    await settle(client.listSites());
    sim.control.inject({ endpoint: 'siteList', kind: 'slow', delayMs: 400, count: 2 });
    await settle(client.listSites());
    sim.control.inject({ endpoint: 'loadJob', kind: 'jobFail', count: 1 });
    await settle(client.loadJob({ ...range, pollIntervalMs: 5 }));
    // Last: the client then holds every request for a minute.
    sim.control.inject({ endpoint: 'list', kind: 'rateLimitStorm', retryAfterSeconds: 120, count: 1 });
    await settle(client.list(range));
    keep(client.stats);
    const wrongKey = new TransactionsClient({ apiId: 'canary', apiKey: `${KEY}-x`, baseUrl: sim.url, logger });
    await settle(wrongKey.listSites());
    await client.close();
    await settle(client.listSites());
    expect(errorNames()).toEqual(new Set(['NotFoundError', 'ValidationError', 'APIError', 'APITimeoutError', 'RateLimitError', 'AuthenticationError']));
    check();
  });

  it('with an injected fetch whose errors echo the key: nothing shows it either', async () => {
    const { logger, keep, settle, check, errorNames } = exposure();
    const echo = [`key ${KEY} refused`];
    const answers = [
      () => json({ type: 'BadClientCredentialsError', message: echo[0] }, 403),
      () => json({ type: 'PayloadValidationError', messages: echo }, 422),
      () => json({ error: { type: 'EntityNotFoundError', message: echo[0] } }, 404),
      () => json({ type: 'RequestRateExceedError', message: echo[0] }, 429, { 'retry-after': '90' }),
      () => json({ type: 'ServerUnexpectedFailure', message: echo[0], code: KEY }, 500),
      () => new Response(`not json ${KEY}`, { status: 200 }),
      () => json({ data: { sites: [{ siteID: 1, code: KEY.slice(0, 3), name: 'A', timezone: null }] } }),
    ];
    for (const answer of answers) {
      const { client } = fakeClient(answer, { apiKey: KEY, logger, maxRetries: 0, onRateLimited: keep });
      keep(client);
      await settle(client.listSites());
    }
    expect(errorNames()).toEqual(new Set(['AuthenticationError', 'ValidationError', 'NotFoundError', 'RateLimitError', 'APIError']));
    check();
  });
});
