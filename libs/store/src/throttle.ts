import { eq, lt, sql } from 'drizzle-orm';
import type { StoreDb } from './connection.js';
import { signInThrottle } from './schema.js';

export interface ThrottleState {
  key: string;
  failures: number;
  lastFailureAt: Date;
  /** Before this time, an attempt under this key is refused without checking the password. */
  nextAllowedAt: Date;
}

/** How long a key must wait after its `failures`-th failure (the portal's growing-delay policy). */
export type DelayForFailures = (failures: number) => number;

/** Sign-in failures per key (username and address, or address alone), shared by every instance. */
export function throttleQueries(db: StoreDb) {
  const columns = {
    key: signInThrottle.key,
    failures: signInThrottle.failures,
    lastFailureAt: signInThrottle.lastFailureAt,
    nextAllowedAt: signInThrottle.nextAllowedAt,
  };
  return {
    /** Counts one failure atomically (concurrent failures each count) and sets the next allowed time. */
    async recordFailure(key: string, delayFor: DelayForFailures, now: Date = new Date()): Promise<ThrottleState> {
      return db.transaction(async (tx) => {
        const [counted] = await tx
          .insert(signInThrottle)
          .values({ key, failures: 1, lastFailureAt: now, nextAllowedAt: now })
          .onConflictDoUpdate({
            target: signInThrottle.key,
            set: { failures: sql`${signInThrottle.failures} + 1`, lastFailureAt: now },
          })
          .returning(columns);
        const failures = counted?.failures ?? 1;
        const nextAllowedAt = new Date(now.getTime() + Math.max(0, delayFor(failures)));
        const [state] = await tx.update(signInThrottle).set({ nextAllowedAt }).where(eq(signInThrottle.key, key)).returning(columns);
        return state as ThrottleState;
      });
    },

    async read(key: string): Promise<ThrottleState | null> {
      const [state] = await db.select(columns).from(signInThrottle).where(eq(signInThrottle.key, key));
      return state ?? null;
    },

    /** Takes one failure back (an attempt counted before its password check turned out right). */
    async takeBackFailure(key: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(signInThrottle)
          .set({ failures: sql`greatest(${signInThrottle.failures} - 1, 0)` })
          .where(eq(signInThrottle.key, key));
        await tx.delete(signInThrottle).where(sql`${signInThrottle.key} = ${key} and ${signInThrottle.failures} = 0`);
      });
    },

    async clear(key: string): Promise<void> {
      await db.delete(signInThrottle).where(eq(signInThrottle.key, key));
    },

    /** Forgets keys whose last failure is older than `cutoff`. Returns how many were forgotten. */
    async forgetOlderThan(cutoff: Date): Promise<number> {
      const gone = await db.delete(signInThrottle).where(lt(signInThrottle.lastFailureAt, cutoff)).returning({ key: signInThrottle.key });
      return gone.length;
    },
  };
}

export type ThrottleQueries = ReturnType<typeof throttleQueries>;
