/**
 * Every operation takes `{ signal }`: an abort rejects with the signal's reason at once and sends
 * no further request, over real HTTP against the simulator and with an injected fetch.
 */
import type { BackofficeSimulator } from '@washops/backoffice-simulator';
import { VirtualClock, type Clock } from '@washops/client-core';
import { ValidationError } from '@washops/shared-errors';
import { describe, expect, it } from 'vitest';
import { BackofficeClient } from '../src/index.js';
import { FakeBackoffice, html } from './support/fake-backoffice.js';
import { clientFor, newEmployee, recordingFetch } from './support/harness.js';
import { simulatorPerFile } from './support/simulator-per-file.js';

let sim: BackofficeSimulator;
simulatorPerFile({ seed: 'abort' }, (started) => (sim = started));

const reason = () => new Error('the caller gave up');

describe('an aborted call over HTTP', () => {
  it('createEmployee aborted once the insert is answered sends no further request and rejects with the reason', async () => {
    const controller = new AbortController();
    const stop = reason();
    const recorder = recordingFetch();
    const abortAfterInsert: typeof fetch = async (input, init) => {
      const response = await recorder.fetch(input, init);
      if (init?.method === 'POST' && String(input).endsWith('/employee/insert')) controller.abort(stop);
      return response;
    };
    await using bo = clientFor(sim, { fetch: abortAfterInsert });
    const input = newEmployee({ requiresBackoffice: true, backofficeUsername: `abort_${Date.now()}` });
    await expect(bo.createEmployee(input, { signal: controller.signal })).rejects.toBe(stop);
    const last = recorder.calls.at(-1);
    expect(`${last?.method} ${last?.path}`).toBe('POST /employee/insert');
    // The insert itself was applied; nothing after it was sent.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sim.control.requests().at(-1)?.path).toBe('/employee/insert');
    expect(sim.control.employees().some((e) => e.posUserId === input.posUserId)).toBe(true);
  });

  it('rejects at once while a slow page is on its way, and sends nothing for an already aborted signal', async () => {
    await using bo = clientFor(sim);
    await bo.listSites();
    sim.control.inject({ route: 'GET /employee/create', kind: 'slow', delayMs: 5_000, count: 1 });
    const controller = new AbortController();
    const stop = reason();
    const started = performance.now();
    const waiting = bo.listSites({ refresh: true, signal: controller.signal });
    setTimeout(() => controller.abort(stop), 50);
    await expect(waiting).rejects.toBe(stop);
    expect(performance.now() - started).toBeLessThan(2_000);

    sim.control.clearRequests();
    await expect(bo.isPosUserIdAvailable(424242, { signal: AbortSignal.abort(stop) })).rejects.toBe(stop);
    await expect(bo.disableEmployee({ posUserId: 424242 }, { signal: AbortSignal.abort(stop) })).rejects.toBe(stop);
    expect(sim.control.requests()).toEqual([]);
  });
});

describe('an aborted call with an injected fetch', () => {
  function client(fake: FakeBackoffice, getRetries = 0, clock?: Clock): BackofficeClient {
    return new BackofficeClient({ baseUrl: 'http://backoffice.test', username: 'bot', password: fake.password, fetch: fake.fetch, getRetries, ...(clock ? { clock } : {}) });
  }

  it('stops waiting out the backoff before a GET retry', async () => {
    const fake = new FakeBackoffice();
    fake.routes.set('GET /employee/create', () => html('busy', 503));
    const clock = new VirtualClock(Date.UTC(2026, 4, 1));
    const bo = client(fake, 5, clock);
    const controller = new AbortController();
    const stop = reason();
    const waiting = bo.listSites({ signal: controller.signal });
    // The third attempt failed: the wait before the fourth is 100–300 ms.
    while (fake.count('GET', '/employee/create') < 3) {
      await waitFor(() => clock.pending === 1);
      await clock.advanceToNext();
    }
    await waitFor(() => fake.count('GET', '/employee/create') === 3 && clock.pending === 1);
    const started = performance.now();
    controller.abort(stop);
    await expect(waiting).rejects.toBe(stop);
    expect(performance.now() - started).toBeLessThan(60);
    expect(clock.pending).toBe(0);
    await clock.advance(400);
    expect(fake.count('GET', '/employee/create')).toBe(3);
  });

  it("one caller's abort leaves a fill shared with another caller running; the last caller's abort stops it", async () => {
    const fake = new FakeBackoffice();
    const seen: AbortSignal[] = [];
    const pending: Array<() => void> = [];
    const createPage = fake.routes.get('GET /employee/create');
    if (!createPage) throw new Error('the fake serves /employee/create');
    fake.routes.set('GET /employee/create', async (call, self) => {
      await new Promise<void>((resolve) => pending.push(resolve));
      return createPage(call, self);
    });
    const fetchSeeingSignals: typeof fetch = (input, init) => {
      if (init?.signal) seen.push(init.signal);
      return fake.fetch(input, init);
    };
    const bo = new BackofficeClient({ baseUrl: 'http://backoffice.test', username: 'bot', password: fake.password, fetch: fetchSeeingSignals });
    const leaving = new AbortController();
    const staying = bo.listDepartments();
    const left = bo.listDepartments({ signal: leaving.signal });
    await waitFor(() => pending.length === 1);
    leaving.abort(reason());
    await expect(left).rejects.toThrow('the caller gave up');
    expect(seen.at(-1)?.aborted).toBe(false);
    pending[0]?.();
    await expect(staying).resolves.toHaveLength(2);
    expect(fake.count('GET', '/employee/create')).toBe(1);

    const alone = new AbortController();
    const lone = bo.listDepartments({ refresh: true, signal: alone.signal });
    await waitFor(() => pending.length === 2);
    alone.abort(reason());
    await expect(lone).rejects.toThrow('the caller gave up');
    expect(seen.at(-1)?.aborted).toBe(true);
    pending[1]?.();
  });

  it('refuses a signal that is not an AbortSignal before sending anything', async () => {
    const fake = new FakeBackoffice();
    const bo = client(fake);
    await expect(bo.listSites({ signal: 'soon' as never })).rejects.toBeInstanceOf(ValidationError);
    await expect(bo.createEmployee(newEmployee(), { signal: {} as never })).rejects.toBeInstanceOf(ValidationError);
    expect(fake.calls).toEqual([]);
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
}
