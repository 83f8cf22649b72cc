import { afterEach, describe, expect, it } from 'vitest';
import { clockFrom, VirtualClock } from '@washops/clock';
import { startTransactionsSimulator, type TransactionsSimulator, type TransactionsSimulatorOptions } from '../src/index.js';
import { call, DEMO_HEADERS, FIXED_NOW, SITE_DAY } from './helpers.js';

describe('fault injection, latency and time scale', () => {
  let sim: TransactionsSimulator | undefined;
  async function start(options: TransactionsSimulatorOptions = {}): Promise<TransactionsSimulator> {
    // A pinned today that runs in real time: the latency and slow tests measure real waits.
    sim = await startTransactionsSimulator({ clock: clockFrom(FIXED_NOW), ...options });
    return sim;
  }
  afterEach(async () => {
    await sim?.close();
    sim = undefined;
  });

  it('serverError: 500 ServerUnexpectedFailure with a helpdesk code, for `count` requests', async () => {
    const s = await start();
    s.control.inject({ kind: 'serverError', count: 2 });
    for (let i = 0; i < 2; i++) {
      const res = await call(s, '/site/list');
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ type: 'ServerUnexpectedFailure', message: 'An unexpected error has occurred.', code: 'SCEC0001' });
    }
    expect((await call(s, '/site/list')).status).toBe(200);
    expect(s.control.requests().map((r) => [r.status, r.fault])).toEqual([[500, 'serverError'], [500, 'serverError'], [200, undefined]]);
  });

  it('serverError with 502/503: a gateway HTML page, not JSON', async () => {
    const s = await start();
    s.control.inject({ kind: 'serverError', status: 503, count: 1 });
    const res = await call(s, '/transaction', { query: SITE_DAY });
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toBe('text/html');
    expect(res.body).toBeUndefined();
    expect(res.text).toContain('503');
  });

  it('drop: the connection closes without a response', async () => {
    const s = await start();
    s.control.inject({ kind: 'drop', endpoint: 'get', count: 1 });
    const list = await call(s, '/transaction', { query: { ...SITE_DAY, limit: 1 } });
    const id = list.body.data.transactions[0].transId;
    await expect(fetch(`${s.url}/transaction/${id}`, { headers: DEMO_HEADERS })).rejects.toThrow();
    expect((await call(s, `/transaction/${id}`)).status).toBe(200);
    expect(s.control.requests().filter((r) => r.endpoint === 'get').map((r) => r.status)).toEqual([0, 200]);
  });

  it('slow: delays the response by delayMs, then answers normally', async () => {
    const s = await start();
    s.control.inject({ kind: 'slow', delayMs: 400, count: 1 });
    const t0 = performance.now();
    const res = await call(s, '/site/list');
    expect(performance.now() - t0).toBeGreaterThanOrEqual(390);
    expect(res.status).toBe(200);
    const t1 = performance.now();
    await call(s, '/site/list');
    expect(performance.now() - t1).toBeLessThan(380);
  });

  it('rateLimitStorm: 429 RequestRateExceedError, with Retry-After only when asked', async () => {
    const s = await start();
    s.control.inject({ kind: 'rateLimitStorm', count: 1 });
    const plain = await call(s, '/site/list');
    expect(plain.status).toBe(429);
    expect(plain.body.type).toBe('RequestRateExceedError');
    expect(plain.headers.get('retry-after')).toBeNull();
    s.control.inject({ kind: 'rateLimitStorm', count: 1, retryAfterSeconds: 3 });
    const told = await call(s, '/site/list');
    expect(told.status).toBe(429);
    expect(told.headers.get('retry-after')).toBe('3');
    expect((await call(s, '/site/list')).status).toBe(200);
  });

  it('malformedJson: a 200 whose JSON body is cut short', async () => {
    const s = await start();
    s.control.inject({ kind: 'malformedJson', endpoint: 'listV2', count: 1 });
    const res = await call(s, '/transaction/version-2', { query: SITE_DAY });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(() => JSON.parse(res.text)).toThrow();
    expect(res.text.startsWith('{"data":{"transactions":[')).toBe(true);
  });

  it('filters by endpoint; remove() and clearFaults() stop a fault; reset() clears them too', async () => {
    const s = await start();
    const fault = s.control.inject({ kind: 'serverError', endpoint: 'siteList' });
    expect((await call(s, '/transaction', { query: SITE_DAY })).status).toBe(200);
    expect((await call(s, '/site/list')).status).toBe(500);
    fault.remove();
    expect((await call(s, '/site/list')).status).toBe(200);
    s.control.inject({ kind: 'serverError' });
    expect((await call(s, '/transaction', { query: SITE_DAY })).status).toBe(500);
    s.control.clearFaults();
    expect((await call(s, '/site/list')).status).toBe(200);
    s.control.inject({ kind: 'serverError' });
    s.control.reset();
    expect((await call(s, '/site/list')).status).toBe(200);
  });

  it('fires by probability from a seeded PRNG: reproducible per seed, near the asked rate', async () => {
    async function pattern(seed: string): Promise<string> {
      const clock = new VirtualClock(FIXED_NOW);
      const s = await startTransactionsSimulator({ seed, clock });
      try {
        s.control.inject({ kind: 'serverError', probability: 0.3 });
        let out = '';
        for (let i = 0; i < 60; i++) {
          await clock.advance(15_000); // past the rate window
          out += (await call(s, '/site/list')).status === 500 ? 'x' : '.';
        }
        return out;
      } finally {
        await s.close();
      }
    }
    const a = await pattern('alpha');
    expect(await pattern('alpha')).toBe(a);
    expect(await pattern('beta')).not.toBe(a);
    const fired = a.split('').filter((c) => c === 'x').length;
    expect(fired).toBeGreaterThan(5);
    expect(fired).toBeLessThan(35);
    const never = await start();
    never.control.inject({ kind: 'serverError', probability: 0 });
    for (let i = 0; i < 10; i++) expect((await call(never, '/site/list')).status).toBe(200);
  });

  it('clearFaults() and reset() start the seeded draw over, so the same injection fires on the same requests again', async () => {
    // A virtual clock moved past the rate window before each request, so the throttle never answers instead.
    const clock = new VirtualClock(FIXED_NOW);
    const s = await startTransactionsSimulator({ seed: 'replay', clock });
    sim = s;
    async function pattern(): Promise<string> {
      s.control.inject({ kind: 'serverError', probability: 0.5 });
      let out = '';
      for (let i = 0; i < 24; i++) {
        await clock.advance(15_000); // past the rate window
        out += (await call(s, '/site/list')).status === 500 ? 'x' : '.';
      }
      return out;
    }
    const first = await pattern();
    expect(first).toMatch(/x/);
    expect(first).toMatch(/\./);
    s.control.clearFaults();
    expect(await pattern()).toBe(first);
    s.control.reset();
    expect(await pattern()).toBe(first);
  });

  it('rejects malformed faults', async () => {
    const s = await start();
    expect(() => s.control.inject({ kind: 'explode' as never })).toThrow(TypeError);
    expect(() => s.control.inject({ kind: 'serverError', probability: 2 })).toThrow(TypeError);
    expect(() => s.control.inject({ kind: 'serverError', status: 404 })).toThrow(TypeError);
    expect(() => s.control.inject({ kind: 'slow', endpoint: 'nowhere' as never })).toThrow(TypeError);
  });

  it('adds latencyMs to every response, errors included; setLatency changes it', async () => {
    const s = await start({ latencyMs: 300 });
    const t0 = performance.now();
    expect((await call(s, '/site/list', { headers: {} })).status).toBe(403);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(290);
    s.control.setLatency(0);
    const t1 = performance.now();
    await call(s, '/site/list');
    expect(performance.now() - t1).toBeLessThan(280);
  });

  it('waits for slow faults and latency on the injected clock, not in real time', async () => {
    const clock = new VirtualClock(FIXED_NOW);
    const s = await start({ clock });
    s.control.inject({ kind: 'slow', count: 1 }); // the default 5 s
    const slow = settling(call(s, '/site/list'));
    await sleeping(clock);
    await clock.advance(4_999);
    expect(slow.settled).toBe(false);
    await clock.advance(1);
    expect((await slow.promise).status).toBe(200);
    s.control.setLatency(300);
    const late = settling(call(s, '/site/list', { headers: {} }));
    await sleeping(clock);
    await clock.advance(299);
    expect(late.settled).toBe(false);
    await clock.advance(1);
    expect((await late.promise).status).toBe(403);
    s.control.inject({ kind: 'drop', count: 1 });
    const dropped = settling(fetch(`${s.url}/site/list`, { headers: DEMO_HEADERS }));
    await sleeping(clock);
    await clock.advance(299);
    expect(dropped.settled).toBe(false);
    await clock.advance(1);
    await expect(dropped.promise).rejects.toThrow();
    expect(s.control.requests().map((r) => [r.status, r.at - FIXED_NOW])).toEqual([[200, 0], [403, 5_000], [0, 5_300]]);
  });

  it('validates control inputs', async () => {
    const s = await start();
    expect(() => s.control.setTimeScale(0)).toThrow(TypeError);
    expect(() => s.control.setLatency(-1)).toThrow(TypeError);
    expect(() => s.control.setJobDuration(Number.NaN)).toThrow(TypeError);
    expect(() => s.control.setErrorEnvelope('nested' as never)).toThrow(TypeError);
    await expect(startTransactionsSimulator({ credentials: [] })).rejects.toThrow(TypeError);
    await expect(startTransactionsSimulator({ credentials: [{ apiId: 'a', apiKey: 'b', siteCodes: ['NOPE'] }] })).rejects.toThrow(/NOPE/);
  });
});

/** A promise and whether it has settled yet. */
function settling<T>(promise: Promise<T>): { promise: Promise<T>; settled: boolean } {
  const tracked = { promise, settled: false };
  promise.then(
    () => (tracked.settled = true),
    () => (tracked.settled = true),
  );
  return tracked;
}

/** Resolves once a request waits on the clock (it has arrived and reached its sleep). */
async function sleeping(clock: VirtualClock): Promise<void> {
  for (let i = 0; i < 400 && clock.pending === 0; i++) await new Promise((r) => setTimeout(r, 5));
  expect(clock.pending).toBe(1);
}
