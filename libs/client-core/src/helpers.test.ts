import { describe, expect, it, vi } from 'vitest';
import { backoffDelay, sleep } from './backoff.js';
import { describeError, safeLog, type Logger } from './logger.js';
import { formatCents, formatUsd, overtimeCents, toCents } from './money.js';
import { withoutUndefined } from './objects.js';

describe('backoff', () => {
  it('doubles from initialMs up to maxMs, minus at most the jitter share', () => {
    const options = { initialMs: 100, maxMs: 1_000 };
    expect([1, 2, 3, 4, 5].map((retry) => backoffDelay(retry, options, () => 0))).toEqual([100, 200, 400, 800, 1_000]);
    expect(backoffDelay(1, options, () => 0.999)).toBe(75);
    expect(backoffDelay(2, { ...options, jitter: 0.5 }, () => 1)).toBe(100);
  });

  it('sleep rejects with the signal reason at once when aborted', async () => {
    const controller = new AbortController();
    const started = performance.now();
    const waiting = sleep(60_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(waiting).rejects.toThrow('stop');
    expect(performance.now() - started).toBeLessThan(1_000);
    await expect(sleep(10, controller.signal)).rejects.toThrow('stop');
  });
});

describe('logging', () => {
  it('redacts secret keys and survives a throwing logger', () => {
    const warn = vi.fn();
    const logger = { debug: vi.fn(), info: vi.fn(), warn, error: vi.fn() } satisfies Logger;
    safeLog(logger, 'warn', { apiKey: 'k-123', path: '/x' }, 'hello');
    expect(warn).toHaveBeenCalledWith({ apiKey: '[REDACTED]', path: '/x' }, 'hello');
    const broken = { ...logger, warn: () => { throw new Error('disk full'); } };
    expect(() => safeLog(broken, 'warn', {}, 'x')).not.toThrow();
    safeLog(undefined, 'warn', {}, 'x');
  });

  it('describes an error with its cause on one line', () => {
    expect(describeError(new Error('fetch failed', { cause: new Error('ECONNRESET') }))).toBe('fetch failed (ECONNRESET)');
    expect(describeError('plain')).toBe('plain');
    // A database driver's message goes on with the query's parameters: only its first line is told.
    const driver = new Error('Failed query: update bulk_run_rows set secrets = $1\nparams: {"posPin":48213}');
    expect(describeError(new Error('A database query failed.', { cause: driver }))).toBe('A database query failed. (Failed query: update bulk_run_rows set secrets = $1)');
  });
});

describe('money', () => {
  it('converts amounts to cents without float drift and formats them for forms and for people', () => {
    expect(toCents(1.005)).toBe(101);
    expect(toCents(-2.5)).toBe(-250);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(formatCents(1250)).toBe('12.50');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(-5)).toBe('-0.05');
    expect(formatUsd(123450)).toBe('$1,234.50');
  });

  it('rounds 1.5 × half to even', () => {
    expect(overtimeCents(1000)).toBe(1500);
    expect(overtimeCents(1001)).toBe(1502); // 1501.5 → even
    expect(overtimeCents(1003)).toBe(1504); // 1504.5 → even
  });
});

describe('withoutUndefined', () => {
  it('drops only undefined keys', () => {
    expect(withoutUndefined({ a: 1, b: undefined, c: null, d: '' })).toEqual({ a: 1, c: null, d: '' });
  });
});
