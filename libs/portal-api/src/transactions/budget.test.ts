import type { SharedRateBudget, SharedRateBudgetConfig, Store } from '@washops/store';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_CEILING, transactionsBudgets } from './budget.js';

/** A store whose only part is `rateBudget`, recording what each budget was asked for. */
function recordingStore() {
  const asked: Array<{ key: string; config: SharedRateBudgetConfig }> = [];
  const store = {
    rateBudget: (key: string, config: SharedRateBudgetConfig) => {
      asked.push({ key, config });
      return { key, windowMs: config.windowMs } as SharedRateBudget;
    },
  } as unknown as Store;
  return { store, asked };
}

describe('transactionsBudgets', () => {
  it('puts the pages and the exports on the one budget of the API id: all 20 for pages, 16 for exports', () => {
    const { store, asked } = recordingStore();
    const budgets = transactionsBudgets(store, 'washu', 1);
    expect(asked).toEqual([
      { key: 'washu', config: { requests: 20, windowMs: 15_000 } },
      { key: 'washu', config: { requests: 20, windowMs: 15_000, ceiling: BACKGROUND_CEILING } },
    ]);
    expect(BACKGROUND_CEILING).toBe(16);
    expect([budgets.interactive.key, budgets.exports.key]).toEqual(['washu', 'washu']);
  });

  it('scales the window with the simulator', () => {
    const { store, asked } = recordingStore();
    transactionsBudgets(store, 'demo', 0.1);
    expect(asked.map((a) => a.config.windowMs)).toEqual([1500, 1500]);
  });
});
