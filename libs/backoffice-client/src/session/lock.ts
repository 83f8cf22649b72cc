/**
 * A writer-preferring shared/exclusive lock for one session's requests; a caller's signal ends its
 * wait at once. Hand-written: it is a few lines, and no installed dependency offers one.
 */
export class SharedExclusiveLock {
  private readers = 0;
  private writer = false;
  private writersWaiting = 0;
  private waiters: Array<() => void> = [];

  async shared<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    while (this.writer || this.writersWaiting > 0) await this.change(signal);
    this.readers++;
    try {
      return await work();
    } finally {
      this.readers--;
      this.wake();
    }
  }

  async exclusive<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    this.writersWaiting++;
    let acquired = false;
    try {
      while (this.writer || this.readers > 0) await this.change(signal);
      acquired = true;
    } finally {
      this.writersWaiting--;
      // A writer that gave up waiting may have been all that held the readers back.
      if (!acquired) this.wake();
    }
    this.writer = true;
    try {
      return await work();
    } finally {
      this.writer = false;
      this.wake();
    }
  }

  private change(signal: AbortSignal | undefined): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const waiter = (): void => {
        signal?.removeEventListener('abort', leave);
        resolve();
      };
      const leave = (): void => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(signal?.reason);
      };
      this.waiters.push(waiter);
      signal?.addEventListener('abort', leave, { once: true });
    });
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}
