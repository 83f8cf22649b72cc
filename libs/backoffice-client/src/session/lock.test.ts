import { describe, expect, it } from 'vitest';
import { SharedExclusiveLock } from './lock.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('SharedExclusiveLock', () => {
  it('runs shared work together, exclusive work alone, and lets a waiting exclusive go before later shared work', async () => {
    const lock = new SharedExclusiveLock();
    const log: string[] = [];
    const job = (name: string) => async () => {
      log.push(`${name}+`);
      await tick();
      log.push(`${name}-`);
    };
    const a = lock.shared(job('a'));
    const b = lock.shared(job('b'));
    const w = lock.exclusive(job('w'));
    const c = lock.shared(job('c'));
    await Promise.all([a, b, w, c]);
    expect(log.slice(0, 2).sort()).toEqual(['a+', 'b+']);
    expect(log.slice(4)).toEqual(['w+', 'w-', 'c+', 'c-']);
  });

  it('releases the lock when the work fails', async () => {
    const lock = new SharedExclusiveLock();
    await expect(lock.exclusive(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(lock.shared(() => Promise.resolve('ok'))).resolves.toBe('ok');
  });
});

describe('SharedExclusiveLock with a signal', () => {
  it('rejects a waiter at once when its signal aborts, and an exclusive waiter that leaves lets shared work go', async () => {
    const lock = new SharedExclusiveLock();
    let release: () => void = () => undefined;
    const holding = lock.shared(() => new Promise<void>((resolve) => (release = resolve)));
    const controller = new AbortController();
    const ran: string[] = [];
    const writer = lock.exclusive(async () => void ran.push('writer'), controller.signal);
    // Queued behind the waiting writer (writer-preferring).
    const reader = lock.shared(async () => void ran.push('reader'));
    await tick();
    expect(ran).toEqual([]);
    controller.abort(new Error('gave up'));
    await expect(writer).rejects.toThrow('gave up');
    await reader;
    expect(ran).toEqual(['reader']);
    release();
    await holding;
    await expect(lock.exclusive(() => Promise.resolve('alone'))).resolves.toBe('alone');
  });
});
