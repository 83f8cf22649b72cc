import { describe, expect, it } from 'vitest';
import { SharedFlight } from './shared-flight.js';

function deferred(): { promise: Promise<string>; resolve: (value: string) => void } {
  let resolve: (value: string) => void = () => undefined;
  const promise = new Promise<string>((r) => (resolve = r));
  return { promise, resolve };
}

describe('SharedFlight', () => {
  it('keeps running for the callers that stay when one leaves, and is aborted when the last one leaves', async () => {
    const gate = deferred();
    let runSignal: AbortSignal | undefined;
    const flight = new SharedFlight((signal) => {
      runSignal = signal;
      return gate.promise;
    });
    const first = new AbortController();
    const second = new AbortController();
    const a = flight.wait(first.signal);
    const b = flight.wait(second.signal);
    first.abort(new Error('first left'));
    await expect(a).rejects.toThrow('first left');
    expect(runSignal?.aborted).toBe(false);
    expect(flight.abandoned).toBe(false);
    second.abort(new Error('second left'));
    await expect(b).rejects.toThrow('second left');
    expect(runSignal?.aborted).toBe(true);
    expect(flight.abandoned).toBe(true);
  });

  it('is never abandoned while a caller without a signal waits', async () => {
    const gate = deferred();
    const flight = new SharedFlight(() => gate.promise);
    const leaving = new AbortController();
    const staying = flight.wait();
    const left = flight.wait(leaving.signal);
    leaving.abort(new Error('left'));
    await expect(left).rejects.toThrow('left');
    expect(flight.abandoned).toBe(false);
    gate.resolve('done');
    await expect(staying).resolves.toBe('done');
    await expect(flight.wait(new AbortController().signal)).resolves.toBe('done');
    await expect(flight.wait(AbortSignal.abort(new Error('too late')))).rejects.toThrow('too late');
  });
});
