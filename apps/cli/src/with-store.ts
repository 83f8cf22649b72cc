import { openStore, type Store } from '@washops/store';
import { storeOptionsFor } from './database.js';
import { type CliIo, Interrupted } from './io.js';

/**
 * Opens the store for one command and closes it however the command ends, Ctrl-C and SIGTERM
 * included: a command line that hosts the data folder must release it. A signal during the opening
 * waits for it, so PGlite is never left half-initialised.
 */
export async function withStore(io: CliIo, dataDir: string | undefined, work: (store: Store) => Promise<void>): Promise<void> {
  let signalled = false;
  let interrupt = () => void (signalled = true);
  const interrupted = new Promise<never>((_, reject) => {
    interrupt = () => {
      signalled = true;
      reject(new Interrupted());
    };
  });
  interrupted.catch(() => undefined);
  const onSignal = () => interrupt();
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const store = await openStore(storeOptionsFor(io, dataDir));
    try {
      if (signalled) throw new Interrupted();
      await Promise.race([work(store), interrupted]);
    } finally {
      await store.close();
    }
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  }
}
