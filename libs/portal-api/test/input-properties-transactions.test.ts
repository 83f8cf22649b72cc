import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCaller, createPortalContext } from '../src/index.js';
import { RUNS, broken, expectBadRequest, notAString, setField, visibleText, withHiddenCharacter } from './arbitraries.js';
import { countingDeps } from './counting-clients.js';
import { browserRequest, callerAs } from './helpers.js';

const DAY = 86_400;
const nowSeconds = Math.floor(Date.now() / 1000);
/** A site or region code: what the Data API's codes look like. */
const code = fc.stringMatching(/^[A-Z][A-Z0-9_]{0,15}$/);

/** A start within the last 150 days (inside the Data API's look-back) and an end at most 31 days on, not in the future. */
const listRange = fc
  .tuple(fc.integer({ min: 1, max: 150 * DAY }), fc.integer({ min: 0, max: 31 * DAY }))
  .map(([ago, length]) => ({ startDate: nowSeconds - ago, endDate: Math.min(nowSeconds - ago + length, nowSeconds) }));

const asIso = (seconds: number) => new Date(seconds * 1000).toISOString();

const listInput = fc
  .tuple(listRange, fc.boolean(), fc.option(code, { nil: undefined }), fc.constantFrom('v1', 'v2'), fc.option(fc.constantFrom('wash', 'giftcard', 'merchandise'), { nil: undefined }))
  .map(([range, iso, site, version, type]) => ({
    startDate: iso ? asIso(range.startDate) : range.startDate,
    endDate: iso ? asIso(range.endDate) : range.endDate,
    ...(site === undefined ? {} : { site }),
    version: version as 'v1' | 'v2',
    ...(version === 'v1' && type !== undefined ? { type: type as 'wash' } : {}),
  }));
type ListInput = Record<string, unknown>;

const brokenList = broken<ListInput>(
  listInput,
  // Longer than the Data API's 31 days, reversed, malformed, in milliseconds, negative.
  fc.integer({ min: 32 * DAY, max: 120 * DAY }).map((length) => (input: ListInput) => ({ ...input, startDate: nowSeconds - 140 * DAY, endDate: nowSeconds - 140 * DAY + length })),
  fc.integer({ min: 1, max: 10 * DAY }).map((gap) => (input: ListInput) => ({ ...input, startDate: nowSeconds - DAY, endDate: nowSeconds - DAY - gap })),
  setField('startDate', fc.constantFrom('2026-02-30', '2026-13-01', 'yesterday', '', Date.now(), -1)),
  setField('site', fc.oneof(withHiddenCharacter(code), notAString, fc.constant(''), fc.string({ minLength: 65, maxLength: 70 }).filter((s) => s.trim().length > 64))),
  setField('region', withHiddenCharacter(code)),
  setField('version', fc.constantFrom('v3', 1)),
  fc.constant((input: ListInput) => ({ ...input, version: 'v2', type: 'wash' })),
  setField('type', fc.constantFrom('fuel', 'WASH', '')),
);

const exportInput = fc
  .tuple(code, fc.integer({ min: DAY, max: 150 * DAY }), fc.integer({ min: 0, max: DAY }))
  .map(([site, ago, length]) => ({ site, startDate: nowSeconds - ago, endDate: nowSeconds - ago + length }));
type ExportInput = Record<string, unknown>;

const brokenExport = broken<ExportInput>(
  exportInput,
  fc.integer({ min: DAY + 1, max: 5 * DAY }).map((length) => (input: ExportInput) => ({ ...input, endDate: (input['startDate'] as number) + length })),
  setField('site', fc.oneof(withHiddenCharacter(code), notAString, fc.constant(''))),
  setField('endDate', fc.constantFrom('not a date', Date.now())),
  setField('offset', fc.integer()),
);

describe('Data API procedure inputs (generated)', () => {
  it('transactions.list: valid filters start one stream; invalid ones are BAD_REQUEST before any request', async () => {
    const { deps, log } = await countingDeps();
    await fc.assert(
      fc.asyncProperty(listInput, async (input) => {
        log.calls.length = 0;
        for await (const chunk of await callerAs(deps, 'viewer').transactions.list(input)) expect(chunk.rows).toEqual([]);
        expect(log.calls).toHaveLength(1);
      }),
      RUNS,
    );
    await fc.assert(
      fc.asyncProperty(brokenList, async (input) => {
        log.calls.length = 0;
        await expectBadRequest(callerAs(deps, 'viewer').transactions.list(input as never));
        expect(log.calls).toEqual([]);
      }),
      RUNS,
    );
  });

  it('transactions.get: only an id such as 876:1001 reaches the client', async () => {
    const { deps, log } = await countingDeps();
    const id = fc.tuple(fc.nat(), fc.nat()).map(([a, b]) => `${a}:${b}`);
    await fc.assert(
      fc.asyncProperty(id, async (transId) => {
        log.calls.length = 0;
        await callerAs(deps, 'viewer').transactions.get({ transId });
        expect(log.calls).toEqual(['transactions.get']);
      }),
      RUNS,
    );
    const invalid = fc.oneof(withHiddenCharacter(id), notAString, fc.constantFrom('', '876', '876:', '1:2:3', 'abc:def'));
    await fc.assert(
      fc.asyncProperty(invalid, async (transId) => {
        log.calls.length = 0;
        await expectBadRequest(callerAs(deps, 'viewer').transactions.get({ transId } as never));
        expect(log.calls).toEqual([]);
      }),
      RUNS,
    );
  });

  it('transactions.exports.start: one site and at most 24 hours start an export; anything else starts nothing', async () => {
    const { deps, log } = await countingDeps();
    await fc.assert(
      fc.asyncProperty(exportInput, async (input) => {
        const view = await callerAs(deps, 'viewer').transactions.exports.start(input);
        expect(view.state).toBe('running');
      }),
      { numRuns: 20 },
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    await fc.assert(
      fc.asyncProperty(brokenExport, async (input) => {
        log.calls.length = 0;
        const before = (await callerAs(deps, 'viewer').transactions.exports.list()).length;
        await expectBadRequest(callerAs(deps, 'viewer').transactions.exports.start(input as never));
        await new Promise((resolve) => setImmediate(resolve));
        expect(log.calls).toEqual([]);
        expect(await callerAs(deps, 'viewer').transactions.exports.list()).toHaveLength(before);
      }),
      RUNS,
    );
    deps.exports.close();
  });
});

describe('sign-in input (generated)', () => {
  it('refuses malformed usernames and passwords before any password is hashed or any failure counted', async () => {
    const { deps } = await countingDeps();
    const signIn = (input: unknown) => createCaller(() => createPortalContext(deps, browserRequest())).auth.signIn(input as never);
    const valid = fc.record({ username: visibleText(64), password: fc.string({ minLength: 1, maxLength: 40 }) });
    const invalid = fc.oneof(
      fc.record({ username: withHiddenCharacter(visibleText(40)), password: fc.constant('a password') }),
      fc.record({ username: fc.oneof(notAString, fc.constant(''), fc.constant('  '), fc.string({ minLength: 65, maxLength: 70 }).filter((s) => s.trim().length > 64)), password: fc.constant('pw') }),
      fc.record({ username: fc.constant('admin'), password: fc.oneof(notAString, fc.constant(''), fc.string({ minLength: 257, maxLength: 260 })) }),
    );
    await fc.assert(
      fc.asyncProperty(invalid, async (input) => {
        await expectBadRequest(signIn(input));
        expect(await deps.store.throttle.read('address:10.0.0.1')).toBeNull();
      }),
      RUNS,
    );
    // Valid shapes are checked against the store (at most a wrong password or a delay, never bad input).
    await fc.assert(
      fc.asyncProperty(valid, async (input) => {
        const outcome = await signIn(input).then(
          () => 'signed in',
          (error: { code?: string }) => error.code,
        );
        expect(['UNAUTHORIZED', 'TOO_MANY_REQUESTS', 'signed in']).toContain(outcome);
      }),
      { numRuns: 15 },
    );
  });
});
