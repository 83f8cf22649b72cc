/**
 * Every exported input schema, generatively: valid inputs are accepted and send exactly the expected
 * request; invalid ones raise a typed error and send nothing, spending none of the rate-limit budget.
 */
import { DateRangeError, ValidationError } from '@washops/shared-errors';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_JOB_RANGE_DAYS,
  MAX_LIST_RANGE_DAYS,
  oldestAllowedSeconds,
  TRANSACTION_TYPES,
  type DateInput,
  type TransactionsClient,
} from '../src/index.js';
import { fakeClient } from './support/fake-client.js';
import { json, type RecordedRequest } from './support/fake-fetch.js';

const DAY = 86_400;
const RUNS = { numRuns: 100 };
const nowSeconds = Math.floor(Date.now() / 1000);
// A minute of margin on each side: the schema reads the clock again when it runs.
const oldest = oldestAllowedSeconds() + 60;
const newest = nowSeconds - 60;

/** Answers every request with an empty list, job or transaction, and records it. */
function emptyApi(): ReturnType<typeof fakeClient> {
  return fakeClient((request) => {
    if (request.path === '/transaction/load-job') return json({ data: { hash: 'h1', total: 0 } });
    if (request.path === '/transaction/get-job-data') return json({ data: { hash: 'h1', status: 'pass', data: [], offset: null, limit: null, total: null } });
    return json({ data: { transactions: [], offset: 1, limit: 100, total: 0 } });
  });
}

/** A Unix second in any of the forms callers may pass. */
const asDateInput = (seconds: number): fc.Arbitrary<DateInput> =>
  fc.constantFrom<DateInput>(seconds, new Date(seconds * 1000), new Date(seconds * 1000).toISOString(), new Date(seconds * 1000).toISOString().replace('.000Z', '+00:00'));

const code = fc.stringMatching(/^[A-Z][A-Z0-9_-]{0,11}$/);
const withinLookBack = fc.integer({ min: oldest, max: newest });

/** A start inside the look-back and an end at most `maxDays` later. */
const validRange = (maxDays: number) =>
  withinLookBack.chain((start) => fc.tuple(fc.constant(start), fc.integer({ min: start, max: Math.min(start + maxDays * DAY, newest + 120) })));

const listParams = fc
  .record({ range: validRange(MAX_LIST_RANGE_DAYS), site: fc.option(code, { nil: undefined }), region: fc.option(code, { nil: undefined }) })
  .chain(({ range: [start, end], site, region }) =>
    fc.record({ startDate: asDateInput(start), endDate: asDateInput(end) }).map((dates) => ({ params: { ...dates, site, region }, start, end, site, region })),
  );

type ListCall = 'list' | 'listV2' | { type: (typeof TRANSACTION_TYPES)[number] };
const listCall: fc.Arbitrary<ListCall> = fc.oneof(fc.constantFrom<ListCall>('list', 'listV2'), fc.constantFrom(...TRANSACTION_TYPES).map((type) => ({ type })));

function runList(client: TransactionsClient, call: ListCall, params: unknown): Promise<unknown> {
  if (call === 'list') return client.list(params as never);
  if (call === 'listV2') return client.listV2(params as never);
  return client.listByType(call.type, params as never);
}

function expectedPath(call: ListCall): string {
  return call === 'list' ? '/transaction' : call === 'listV2' ? '/transaction/version-2' : `/transaction/type/${call.type}`;
}

function withoutUndefined(query: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** Runs `call`; it must fail with `Class` before anything is sent or budgeted. */
async function expectRefusedUnsent(run: (client: TransactionsClient) => unknown, Class: typeof ValidationError = ValidationError): Promise<void> {
  const { client, fake } = emptyApi();
  let error: unknown;
  try {
    await run(client);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(Class);
  expect(fake.calls).toEqual([]);
  expect(client.rateLimiter.sent).toBe(0);
}

describe('TransactionListParamsSchema and TransactionTypeSchema through list, listV2 and listByType', () => {
  it('valid params: one request, to the right path, with exactly the expected query', async () => {
    await fc.assert(
      fc.asyncProperty(listCall, listParams, async (call, { params, start, end, site, region }) => {
        const { client, fake } = emptyApi();
        await runList(client, call, params);
        expect(fake.calls.map((c: RecordedRequest) => [c.method, c.path, c.query])).toEqual([
          ['GET', expectedPath(call), withoutUndefined({ startDate: String(start), endDate: String(end), site, region, limit: '100', offset: '1' })],
        ]);
      }),
      RUNS,
    );
  });

  const wrongType = fc.oneof(fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 2 }), fc.object({ maxDepth: 1 }));
  const badDateNumber = fc.oneof(
    fc.integer({ max: -1 }),
    fc.integer({ min: 1e11, max: Number.MAX_SAFE_INTEGER }),
    fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
  );
  const malformedDate = fc.oneof(
    fc.constantFrom('06/01/2025', 'yesterday', '', '2026-13-01', '2026-02-30', '2026-04-31T00:00:00Z', '2026-1-5'),
    fc.string({ maxLength: 12 }).filter((s) => !/^\d{4}-\d{2}-\d{2}/.test(s.trim())),
  );
  const badCode = fc.oneof(
    fc.constantFrom('', '   ', 'A\u0000B', 'x'.repeat(65)),
    fc.integer(),
    fc.tuple(code, fc.integer({ min: 1, max: 0x1f }), code).map(([a, control, b]) => `${a}${String.fromCharCode(control)}${b}`),
  );

  it('wrong types, bad numbers, malformed dates and bad codes: ValidationError, nothing sent', async () => {
    const invalid = fc.oneof(
      fc.record({ startDate: fc.oneof(wrongType, badDateNumber, malformedDate) }),
      fc.record({ endDate: fc.oneof(wrongType, badDateNumber, malformedDate) }),
      fc.record({ site: badCode }),
      fc.record({ region: badCode }),
      fc.record({ limit: fc.integer({ min: 1, max: 100 }) }),
      fc.record({ offset: fc.integer({ min: 1, max: 5 }) }),
      fc.record({ unknown: fc.string() }),
    );
    await fc.assert(
      fc.asyncProperty(listCall, invalid, async (call, params) => expectRefusedUnsent((c) => runList(c, call, params))),
      RUNS,
    );
  });

  it('an unknown transaction type: ValidationError, nothing sent', async () => {
    const notAType = fc.oneof(fc.string().filter((s) => !(TRANSACTION_TYPES as readonly string[]).includes(s)), fc.integer(), fc.constant(undefined));
    await fc.assert(fc.asyncProperty(notAType, async (type) => expectRefusedUnsent((c) => c.listByType(type as never, {}))), RUNS);
  });

  it('ranges over 31 days, ends before starts and dates past the six-month look-back: DateRangeError, nothing sent', async () => {
    const overLong = withinLookBack.chain((start) =>
      fc.integer({ min: 1, max: 200 * DAY }).map((extra) => ({ startDate: start, endDate: start + MAX_LIST_RANGE_DAYS * DAY + extra })),
    );
    const reversed = withinLookBack.chain((start) => fc.integer({ min: 1, max: 10 * DAY }).map((back) => ({ startDate: start, endDate: Math.max(oldest, start - back) })))
      .filter((p) => p.endDate < p.startDate);
    const tooOld = fc.integer({ min: 0, max: oldest - 120 }).chain((start) =>
      fc.oneof(
        fc.constant({ startDate: start }),
        fc.integer({ min: start, max: start + 20 * DAY }).map((end) => ({ startDate: start, endDate: end })),
        fc.constant({ endDate: start }),
      ),
    );
    await fc.assert(
      fc.asyncProperty(listCall, fc.oneof(overLong, reversed, tooOld), async (call, params) =>
        expectRefusedUnsent((c) => runList(c, call, params), DateRangeError),
      ),
      RUNS,
    );
  });
});

describe('LoadJobOptionsSchema through loadJob', () => {
  const jobOptions = fc
    .record({ range: validRange(MAX_JOB_RANGE_DAYS), site: code, offset: fc.option(fc.integer({ min: 1, max: 50 }), { nil: undefined }) })
    .chain(({ range: [start, end], site, offset }) =>
      fc.record({ startDate: asDateInput(start), endDate: asDateInput(end) }).map((dates) => ({ options: { ...dates, site, offset }, start, end, site, offset })),
    );

  it('valid options: the first request submits the expected page of the expected day and site', async () => {
    await fc.assert(
      fc.asyncProperty(jobOptions, async ({ options, start, end, site, offset }) => {
        const { client, fake } = emptyApi();
        await client.loadJob({ ...options, pollIntervalMs: 1 });
        const [submit] = fake.calls;
        expect([submit?.method, submit?.path, submit?.query]).toEqual([
          'POST',
          '/transaction/load-job',
          { startDate: String(start), endDate: String(end), site, limit: '100', offset: String(offset ?? 1) },
        ]);
        expect(fake.callsTo('/transaction/get-job-data')).toHaveLength(1);
      }),
      RUNS,
    );
  });

  it('bad options: ValidationError (DateRangeError for a range over 24 hours or past the look-back), nothing sent', async () => {
    const day = withinLookBack.map((start) => ({ startDate: start, endDate: start + 3600, site: 'MAIN' }));
    const bad = day.chain((base) =>
      fc.oneof(
        fc.record({ site: fc.constantFrom(undefined, '', ' ', 'A\u0007', 42) }).map((o) => [{ ...base, ...o }, ValidationError] as const),
        fc.record({ offset: fc.oneof(fc.integer({ max: 0 }), fc.double({ min: 1.01, max: 9.99, noInteger: true })) }).map((o) => [{ ...base, ...o }, ValidationError] as const),
        fc.record({ pollIntervalMs: fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 600_001 })) }).map((o) => [{ ...base, ...o }, ValidationError] as const),
        fc.record({ timeoutMs: fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 86_400_001 })) }).map((o) => [{ ...base, ...o }, ValidationError] as const),
        fc.record({ concurrency: fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 21 })) }).map((o) => [{ ...base, ...o }, ValidationError] as const),
        fc.record({ signal: fc.oneof(fc.string(), fc.object({ maxDepth: 0 })), onProgress: fc.constant(undefined) }).map((o) => [{ ...base, ...o }, ValidationError] as const),
        fc.record({ onProgress: fc.oneof(fc.string(), fc.integer()) }).map((o) => [{ ...base, ...o }, ValidationError] as const),
        fc.record({ region: code }).map((o) => [{ ...base, ...o }, ValidationError] as const),
        fc.integer({ min: 1, max: 30 * DAY }).map((extra) => [{ ...base, endDate: base.startDate + DAY + extra }, DateRangeError] as const),
        fc.integer({ min: 0, max: oldest - 2 * DAY }).map((start) => [{ ...base, startDate: start, endDate: start + 3600 }, DateRangeError] as const),
      ),
    );
    await fc.assert(fc.asyncProperty(bad, async ([options, Class]) => expectRefusedUnsent((c) => c.loadJob(options as never), Class)), RUNS);
  });
});

describe('TransactionIdSchema through get', () => {
  it('a valid id is fetched at its percent-encoded path', async () => {
    const id = fc.tuple(fc.nat(), fc.nat()).map(([a, b]) => `${a}:${b}`);
    await fc.assert(
      fc.asyncProperty(id, async (transId) => {
        const { client, fake } = fakeClient(() => json({}, 404));
        await client.get(transId).catch(() => undefined);
        expect(fake.calls.map((c) => c.url.pathname)).toEqual([`/v1/transaction/${encodeURIComponent(transId)}`]);
      }),
      RUNS,
    );
  });

  it('anything else: ValidationError, nothing sent', async () => {
    const notAnId = fc.oneof(fc.string().filter((s) => !/^\d+:\d+$/.test(s)), fc.integer(), fc.constant(null), fc.constantFrom('../site/list', '1:2/x', ' 1:2'));
    await fc.assert(fc.asyncProperty(notAnId, async (id) => expectRefusedUnsent((c) => c.get(id as never))), RUNS);
  });
});
