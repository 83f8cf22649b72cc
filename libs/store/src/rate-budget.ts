import { systemClock } from '@washops/clock';
import { ValidationError } from '@washops/shared-errors';
import { toStoreError } from './failures.js';
import type { BudgetRules, BudgetStatements } from './rate-budget-sql.js';
import type { RateBudgetUsage, SharedRateBudget, SharedRateBudgetConfig, SharedRatePermit } from './rate-budget-types.js';

/** A request unsettled this long is taken as settled then: a client's 30 s timeout plus a 15 s window, with room. */
export const DEFAULT_HOLD_MS = 60_000;

interface Waiter {
  grant: (permit: SharedRatePermit) => void;
  reject: (reason: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

function checkConfig(key: string, config: SharedRateBudgetConfig): BudgetRules {
  const { requests, windowMs } = config;
  const ceiling = config.ceiling ?? requests;
  const holdMs = config.holdMs ?? DEFAULT_HOLD_MS;
  const problems = [
    key.trim() === '' && 'key must not be empty',
    !(Number.isInteger(requests) && requests >= 1) && 'requests must be a positive integer',
    !(Number.isFinite(windowMs) && windowMs > 0) && 'windowMs must be positive',
    !(Number.isInteger(ceiling) && ceiling >= 1 && ceiling <= requests) && 'ceiling must be an integer from 1 to requests',
    !(Number.isFinite(holdMs) && holdMs > 0) && 'holdMs must be positive',
  ].filter((p): p is string => typeof p === 'string');
  if (problems.length > 0) throw new ValidationError(`Invalid rate budget: ${problems.join('; ')}.`);
  return { key, windowMs, holdMs, limit: ceiling };
}

/**
 * A request budget held in the database, one per key (API id), shared by every process on it. The
 * rule is the client's sliding log (README, "One rate budget"); this process queues its own callers
 * and lets one of them at a time ask the database, so many waiters make one poll, not many.
 */
export function sharedRateBudget(statements: BudgetStatements, key: string, config: SharedRateBudgetConfig): SharedRateBudget {
  const rules = checkConfig(key, config);
  const { takeSlots, settleSlot, returnSlot, pauseBudget, budgetUsage } = statements;
  const waiters: Waiter[] = [];
  let pumping = false;
  let localPauseUntil = 0;
  let freeAt = 0;
  let wake: (() => void) | undefined;

  const report = (error: unknown) => config.onError?.(toStoreError(error));

  const clock = config.clock ?? systemClock;
  /** Waits on the clock; `wake` ends the wait early (the last waiter aborted). */
  async function sleep(ms: number): Promise<void> {
    const controller = new AbortController();
    const stop = (): void => controller.abort();
    wake = stop;
    try {
      await clock.sleep(Math.ceil(ms), controller.signal);
    } catch {
      // Woken early: nothing to report.
    } finally {
      if (wake === stop) wake = undefined;
    }
  }

  function permitFor(slotId: number): SharedRatePermit {
    let settled = false;
    return {
      settle(outcome = { answered: true }) {
        if (settled) return;
        settled = true;
        settleSlot(slotId, outcome.answered ? 0 : rules.windowMs).catch(report);
      },
    };
  }

  async function pump(): Promise<void> {
    if (pumping) return;
    pumping = true;
    try {
      while (waiters.length > 0) {
        const pausedFor = localPauseUntil - clock.now();
        if (pausedFor > 0) {
          freeAt = localPauseUntil;
          await sleep(pausedFor);
          continue;
        }
        let outcome;
        try {
          outcome = await takeSlots(rules, waiters.length);
        } catch (error) {
          // The database failed: every caller waiting now hears it (nothing was taken).
          const typed = toStoreError(error);
          for (const waiter of waiters.splice(0)) settleWaiter(waiter).reject(typed);
          return;
        }
        if ('waitMs' in outcome) {
          freeAt = clock.now() + outcome.waitMs;
          await sleep(outcome.waitMs);
          continue;
        }
        freeAt = 0;
        for (const slotId of outcome.slotIds) {
          const waiter = waiters.shift();
          if (waiter) settleWaiter(waiter).grant(permitFor(slotId));
          // Its caller aborted while the slot was being taken: the request was never sent.
          else await returnSlot(slotId).catch(report);
        }
      }
    } finally {
      pumping = false;
    }
  }

  function settleWaiter(waiter: Waiter): Waiter {
    waiter.signal?.removeEventListener('abort', waiter.onAbort);
    return waiter;
  }

  return {
    key,
    windowMs: rules.windowMs,

    acquire(signal?: AbortSignal): Promise<SharedRatePermit> {
      if (signal?.aborted) return Promise.reject(signal.reason);
      return new Promise<SharedRatePermit>((resolve, reject) => {
        const waiter: Waiter = {
          grant: resolve,
          reject,
          signal,
          onAbort: () => {
            const index = waiters.indexOf(waiter);
            if (index >= 0) waiters.splice(index, 1);
            reject(signal?.reason);
            // Nobody left to wait for: stop sleeping.
            if (waiters.length === 0) wake?.();
          },
        };
        signal?.addEventListener('abort', waiter.onAbort, { once: true });
        waiters.push(waiter);
        void pump();
      });
    },

    pauseFor(ms: number): void {
      if (!(ms > 0)) return;
      localPauseUntil = Math.max(localPauseUntil, clock.now() + ms);
      pauseBudget(key, ms).catch(report);
    },

    nextFreeInMs(): number {
      return Math.max(0, Math.max(freeAt, localPauseUntil) - clock.now());
    },

    async usage(): Promise<RateBudgetUsage> {
      try {
        const { inUse, pausedUntil } = await budgetUsage(key, rules.windowMs);
        return { key, requests: config.requests, windowMs: rules.windowMs, inUse, pausedUntil };
      } catch (error) {
        throw toStoreError(error);
      }
    },
  };
}
