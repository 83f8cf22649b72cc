import { openStore, type Store } from '@washops/store';
import { storeOptionsFor, type StoreFallback } from './database.js';
import { type CliIo, Interrupted } from './io.js';

export interface WithStoreOptions {
  /** Where the data lives when neither DATABASE_URL nor a data folder is named (default the repository's `.washops/`). */
  otherwise?: StoreFallback;
  /**
   * Long work that can stop cleanly: once it has started, the first Ctrl-C or SIGTERM aborts the work's signal and
   * calls `onStopRequested` (the work then ends by itself); a second one interrupts at once, with `interruptedMessage`.
   * Without it the first one interrupts.
   */
  graceful?: { onStopRequested(): void; interruptedMessage: string };
}

/**
 * Opens the store for one command and closes it however the command ends, Ctrl-C and SIGTERM
 * included: a command line that hosts the data folder must release it. A signal during the opening
 * waits for it, so PGlite is never left half-initialised.
 */
export async function withStore(
  io: CliIo,
  dataDir: string | undefined,
  work: (store: Store, stop: AbortSignal) => Promise<void>,
  options: WithStoreOptions = {},
): Promise<void> {
  const stop = new AbortController();
  let working = false;
  let signalled = false;
  let interrupt = () => void (signalled = true);
  const interrupted = new Promise<never>((_, reject) => {
    interrupt = () => {
      signalled = true;
      reject(stop.signal.aborted && options.graceful ? new Interrupted(options.graceful.interruptedMessage) : new Interrupted());
    };
  });
  interrupted.catch(() => undefined);
  const onSignal = () => {
    if (options.graceful && working && !stop.signal.aborted) {
      stop.abort(new Interrupted());
      options.graceful.onStopRequested();
    } else interrupt();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const store = await openStore(storeOptionsFor(io, dataDir, options.otherwise));
    try {
      if (signalled) throw new Interrupted();
      working = true;
      await Promise.race([work(store, stop.signal), interrupted]);
    } finally {
      await store.close();
    }
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  }
}
