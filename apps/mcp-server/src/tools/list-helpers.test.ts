import { describe, expect, it } from 'vitest';
import { formatDollars } from '@washops/client-core';
import { listResult, renderList, totalDollars } from './list-helpers.js';

const row = (transNumber: number, total: number) => ({ transNumber, transId: `${transNumber}:1001`, date: '2026-11-21T14:00:00Z', total });

async function* rowsOf<T>(rows: T[]): AsyncGenerator<T> {
  yield* rows;
}

describe('list results', () => {
  it('totals rows in cents, so a thousand 0.10 rows make exactly 100 dollars', async () => {
    const out = await listResult(rowsOf(Array.from({ length: 1000 }, (_, i) => row(i, 0.1))), 1000);
    expect(out.totalAmount).toBe(100);
    expect(totalDollars([1.005, 2.675])).toBe(3.69);
  });

  it('shows amounts as US dollars, with thousands separators and amounts rounded the way they read', async () => {
    expect(formatDollars(1234.5)).toBe('$1,234.50');
    expect(formatDollars(1.005)).toBe('$1.01');
    const out = await listResult(rowsOf([row(1, 1234.5), row(2, 0.5)]), 10);
    expect(renderList(out).split('\n')).toEqual([
      '2 transaction(s) totalling $1,235.00',
      '- #1 1:1001 2026-11-21T14:00:00Z $1,234.50',
      '- #2 2:1001 2026-11-21T14:00:00Z $0.50',
    ]);
  });
});
