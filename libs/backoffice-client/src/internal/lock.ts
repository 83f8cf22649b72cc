/**
 * A writer-preferring shared/exclusive lock for one session's requests. Hand-written: it is a
 * few lines, and no installed dependency offers one.
 */
export class SharedExclusiveLock {
  private readers = 0;
  private writer = false;
  private writersWaiting = 0;
  private waiters: Array<() => void> = [];

  async shared<T>(work: () => Promise<T>): Promise<T> {
    while (this.writer || this.writersWaiting > 0) await this.change();
    this.readers++;
    try {
      return await work();
    } finally {
      this.readers--;
      this.wake();
    }
  }

  async exclusive<T>(work: () => Promise<T>): Promise<T> {
    this.writersWaiting++;
    try {
      while (this.writer || this.readers > 0) await this.change();
    } finally {
      this.writersWaiting--;
    }
    this.writer = true;
    try {
      return await work();
    } finally {
      this.writer = false;
      this.wake();
    }
  }

  private change(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}
