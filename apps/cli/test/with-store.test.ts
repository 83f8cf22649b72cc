import { describe, expect, it } from 'vitest';
import { type CliIo, Interrupted } from '../src/io.js';
import { withStore } from '../src/with-store.js';

const io = { env: {}, cwd: process.cwd(), stdout: { write: () => true }, stderr: { write: () => true } } as unknown as CliIo;

/** A promise the work resolves once it runs, so the signal lands while it does. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

function stopped(stop: AbortSignal): Promise<void> {
  return new Promise((resolve) => stop.addEventListener('abort', () => resolve(), { once: true }));
}

describe('withStore and Ctrl-C', () => {
  it('by default the first Ctrl-C interrupts at once', async () => {
    const working = gate();
    const running = withStore(io, undefined, async () => {
      working.open();
      await new Promise(() => undefined);
    }, { otherwise: 'in-memory' });
    await working.opened;
    process.emit('SIGINT');
    await expect(running).rejects.toThrow(new Interrupted());
  });

  it('for long work the first Ctrl-C asks it to stop and lets it finish, the store still open', async () => {
    const working = gate();
    const asked: string[] = [];
    let readAfterStop = false;
    const running = withStore(
      io,
      undefined,
      async (store, stop) => {
        working.open();
        await stopped(stop);
        await store.users.list();
        readAfterStop = true;
      },
      { otherwise: 'in-memory', graceful: { onStopRequested: () => void asked.push('stop'), interruptedMessage: 'quit mid-run' } },
    );
    await working.opened;
    process.emit('SIGINT');
    await running;
    expect(asked).toEqual(['stop']);
    expect(readAfterStop).toBe(true);
  });

  it('a second Ctrl-C (or SIGTERM) quits at once with the message for a run cut short', async () => {
    const working = gate();
    const running = withStore(
      io,
      undefined,
      async (_store, stop) => {
        working.open();
        await stopped(stop);
        await new Promise(() => undefined);
      },
      { otherwise: 'in-memory', graceful: { onStopRequested: () => undefined, interruptedMessage: 'quit mid-run' } },
    );
    await working.opened;
    process.emit('SIGINT');
    process.emit('SIGTERM');
    await expect(running).rejects.toThrow(new Interrupted('quit mid-run'));
    expect(process.listenerCount('SIGINT')).toBe(0);
  });
});
