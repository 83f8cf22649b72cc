import { VirtualClock } from '@washops/clock';
import { ValidationError } from '@washops/shared-errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPglite, type StoreConnection } from '../src/connection.js';
import { migrate } from '../src/migrate.js';
import { sharedRateBudget } from '../src/rate-budget.js';
import { budgetStatements } from '../src/rate-budget-sql.js';
import type { SharedRateBudget, SharedRatePermit } from '../src/index.js';
import { describeEachBackend, useStore } from './harness.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves to how long `promise` took, or `'waiting'` if it is still pending after `ms`. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | 'waiting'> {
  return Promise.race([promise, sleep(ms).then(() => 'waiting' as const)]);
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

interface Span {
  sentAt: number;
  settledAt: number;
}

/** The most requests any `windowMs` span could have seen (each arrived somewhere in its span). */
function worstWindow(spans: Span[], windowMs: number): number {
  let worst = 0;
  for (const t of spans.flatMap((s) => [s.sentAt, s.settledAt])) {
    worst = Math.max(worst, spans.filter((s) => s.settledAt >= t && s.sentAt < t + windowMs).length);
  }
  return worst;
}

describeEachBackend('shared rate budget', (backend) => {
  const store = useStore(backend);
  const budget = (key: string, config: { requests: number; windowMs: number; ceiling?: number; holdMs?: number }): SharedRateBudget => store().rateBudget(key, config);

  it('two holders of one key together never exceed the limit in any window, and use most of it', async () => {
    const config = { requests: 5, windowMs: 300 };
    const holders = [budget('api-1', config), budget('api-1', config)];
    const spans: Span[] = [];
    const send = async (b: SharedRateBudget) => {
      const permit = await b.acquire();
      const sentAt = performance.now();
      await sleep(Math.random() * 30);
      spans.push({ sentAt, settledAt: performance.now() });
      permit.settle();
    };
    const elapsed = await timed(() => Promise.all(Array.from({ length: 20 }, (_, i) => send(holders[i % 2] as SharedRateBudget))));
    expect(spans).toHaveLength(20);
    expect(worstWindow(spans, config.windowMs)).toBeLessThanOrEqual(5);
    // 20 requests at 5 per window need three full windows after the first five.
    expect(elapsed).toBeGreaterThanOrEqual(3 * 300);
    expect(elapsed).toBeLessThan(3_000 * (backend.kind === 'pglite' ? 3 : 1));
  });

  it('a consumer stops at its ceiling while another on the same key uses the rest', async () => {
    const background = budget('api-2', { requests: 5, windowMs: 60_000, ceiling: 3 });
    const interactive = budget('api-2', { requests: 5, windowMs: 60_000 });
    const held: SharedRatePermit[] = [];
    for (let i = 0; i < 3; i++) held.push(await background.acquire());
    const controller = new AbortController();
    const fourth = background.acquire(controller.signal);
    expect(await within(fourth, 150)).toBe('waiting');
    held.push(await interactive.acquire(), await interactive.acquire());
    const controller2 = new AbortController();
    const sixth = interactive.acquire(controller2.signal);
    expect(await within(sixth, 150)).toBe('waiting');
    expect((await interactive.usage()).inUse).toBe(5);
    controller.abort(new Error('stop'));
    controller2.abort(new Error('stop'));
    await expect(fourth).rejects.toThrow('stop');
    await expect(sixth).rejects.toThrow('stop');
  });

  it('a pause set by one holder holds back every holder of the key', async () => {
    const a = budget('api-3', { requests: 5, windowMs: 100 });
    const b = budget('api-3', { requests: 5, windowMs: 100 });
    a.pauseFor(400);
    expect(a.nextFreeInMs()).toBeGreaterThan(300);
    await sleep(50); // the pause is recorded in the background
    expect((await b.usage()).pausedUntil).toBeInstanceOf(Date);
    const waited = await timed(async () => (await b.acquire()).settle());
    expect(waited).toBeGreaterThanOrEqual(250);
  });

  it("this process's own pause waits on the budget's clock, not on real time", async () => {
    const clock = new VirtualClock(Date.UTC(2026, 10, 20, 17, 0, 0));
    const holder = store().rateBudget('api-clock', { requests: 5, windowMs: 300, clock });
    holder.pauseFor(300);
    expect(holder.nextFreeInMs()).toBe(300);
    const waiting = holder.acquire();
    // Real time passes the pause (the database's own pause ends too); the clock has not moved, so nothing is granted.
    expect(await within(waiting, 600)).toBe('waiting');
    expect(holder.nextFreeInMs()).toBe(300);
    await clock.advance(300);
    const permit = await within(waiting, 5_000);
    expect(permit).not.toBe('waiting');
    (permit as SharedRatePermit).settle();
  });

  it('an abort while waiting rejects at once with the reason and leaves no slot behind', async () => {
    const b = budget('api-4', { requests: 2, windowMs: 60_000 });
    await b.acquire();
    await b.acquire();
    const controller = new AbortController();
    const waiting = b.acquire(controller.signal);
    await sleep(50);
    const reason = new Error('user left');
    const rejected = timed(() => waiting.catch((e: unknown) => expect(e).toBe(reason)));
    controller.abort(reason);
    expect(await rejected).toBeLessThan(50);
    expect((await b.usage()).inUse).toBe(2);
    await expect(b.acquire(AbortSignal.abort(reason))).rejects.toBe(reason);
  });

  it("a dead process's unsettled request is freed after holdMs; one that ended unanswered holds a window more", async () => {
    const dead = budget('api-5', { requests: 2, windowMs: 100, holdMs: 600 });
    await dead.acquire();
    await dead.acquire();
    const alive = budget('api-5', { requests: 2, windowMs: 100, holdMs: 600 });
    const waited = await timed(async () => (await alive.acquire()).settle());
    expect(waited).toBeGreaterThanOrEqual(450);

    const single = budget('api-6', { requests: 1, windowMs: 200 });
    (await single.acquire()).settle({ answered: false });
    const held = await timed(async () => (await single.acquire()).settle());
    expect(held).toBeGreaterThanOrEqual(330);
  });

  it('refuses a budget that makes no sense', () => {
    expect(() => budget('api-7', { requests: 0, windowMs: 100 })).toThrow(ValidationError);
    expect(() => budget('api-7', { requests: 5, windowMs: 100, ceiling: 6 })).toThrow(ValidationError);
    expect(() => budget('', { requests: 5, windowMs: 100 })).toThrow(ValidationError);
  });
});

describe('shared rate budget: callers waiting in one process', () => {
  let connection: StoreConnection;
  beforeAll(async () => {
    connection = await connectPglite();
    await migrate(connection.db);
  });
  afterAll(() => connection.close());

  it('queue locally, so the database is asked about once per grant or wait, not once per caller', async () => {
    const statements = budgetStatements(connection.db);
    let asked = 0;
    const counting = { ...statements, takeSlots: (...args: Parameters<typeof statements.takeSlots>) => (asked++, statements.takeSlots(...args)) };
    const b = sharedRateBudget(counting, 'api-local', { requests: 2, windowMs: 150 });
    await Promise.all(Array.from({ length: 10 }, async () => (await b.acquire()).settle()));
    // 10 grants and about one refused look per window (5 windows); 10 callers polling alone would ask 30 or more.
    expect(asked).toBeGreaterThanOrEqual(10);
    expect(asked).toBeLessThanOrEqual(18);
  });
});
