import { describe, expect, it } from 'vitest';
import { clockFrom, systemClock, VirtualClock } from './clock.js';

const START = Date.UTC(2026, 10, 20, 17, 0, 0);

describe('clocks', () => {
  it('the system clock reads Date.now', () => {
    const before = Date.now();
    const read = systemClock.now();
    expect(read).toBeGreaterThanOrEqual(before);
    expect(read).toBeLessThanOrEqual(Date.now());
  });

  it('clockFrom starts at its instant and runs in real time', async () => {
    const clock = clockFrom(START);
    expect(clock.now() - START).toBeLessThan(50);
    await clock.sleep(30);
    expect(clock.now() - START).toBeGreaterThanOrEqual(29);
  });

  it('a virtual clock fires sleeps in deadline order, and only as it is advanced', async () => {
    const clock = new VirtualClock(START);
    const fired: string[] = [];
    void clock.sleep(300).then(() => fired.push(`late at ${clock.now() - START}`));
    void clock.sleep(100).then(() => fired.push(`early at ${clock.now() - START}`));
    void clock.sleep(100).then(() => fired.push(`second early at ${clock.now() - START}`));
    await clock.advance(99);
    expect(fired).toEqual([]);
    await clock.advance(1);
    expect(fired).toEqual(['early at 100', 'second early at 100']);
    await clock.advance(1000);
    expect(fired).toEqual(['early at 100', 'second early at 100', 'late at 300']);
    expect(clock.now()).toBe(START + 1100);
  });

  it('a sleep woken by an advance can sleep again within the same advance', async () => {
    const clock = new VirtualClock(START);
    const at: number[] = [];
    void (async () => {
      for (let i = 0; i < 3; i++) {
        await clock.sleep(50);
        at.push(clock.now() - START);
      }
    })();
    await clock.advance(200);
    expect(at).toEqual([50, 100, 150]);
  });

  it('an aborted sleep rejects with the signal’s reason and no longer waits', async () => {
    const clock = new VirtualClock(START);
    const controller = new AbortController();
    const sleeping = clock.sleep(1000, controller.signal);
    expect(clock.pending).toBe(1);
    controller.abort(new Error('stop'));
    await expect(sleeping).rejects.toThrow('stop');
    expect(clock.pending).toBe(0);
    await expect(clock.sleep(5, controller.signal)).rejects.toThrow('stop');
  });

  it('runUntil moves time until the work ends, and says so when the work waits on something else', async () => {
    const clock = new VirtualClock(START);
    const work = (async () => {
      for (let i = 0; i < 10; i++) await clock.sleep(15_000);
      return 'done';
    })();
    await expect(clock.runUntil(work)).resolves.toBe('done');
    expect(clock.now()).toBe(START + 150_000);
    await expect(clock.runUntil(new Promise(() => undefined))).rejects.toThrow(/no sleep waits/);
  });
});
