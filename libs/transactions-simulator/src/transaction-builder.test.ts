import { describe, expect, it } from 'vitest';
import { SITES } from './chain.js';
import { KINDS, buildTransaction } from './transaction-builder.js';

describe('buildTransaction', () => {
  it('agrees between the summary build (lists) and the full build (details) on everything lists use', () => {
    const at = Date.UTC(2026, 9, 14, 18, 30, 5);
    for (const site of SITES) {
      for (const kind of KINDS) {
        for (let planSeed = 1; planSeed < 4_000_000_000; planSeed += 397_000_001) {
          const input = { seed: 'demo', site, kind, planSeed, at };
          const full = buildTransaction(input);
          const summary = buildTransaction({ ...input, summaryOnly: true });
          expect(summary.total).toBe(full.total);
          expect(summary.typeMask).toBe(full.typeMask);
          expect(summary.customer).toBe(full.customer);
          expect(summary.lines).toEqual(full.lines);
          expect(summary.tenders.map((t) => [t.tender, t.tenderSubType, t.amount, t.total])).toEqual(
            full.tenders.map((t) => [t.tender, t.tenderSubType, t.amount, t.total]),
          );
          expect(full.total).toBe(full.tenders.reduce((sum, t) => sum + t.total, 0));
        }
      }
    }
  });

  it('gives the hour hint and the time-zone lookup the same result', () => {
    const site = SITES[0]!;
    const at = Date.UTC(2026, 9, 14, 18, 30, 5); // 13:30 in Chicago (CDT)
    expect(buildTransaction({ seed: 's', site, kind: 'retail', planSeed: 7, at, hour: 13 })).toEqual(
      buildTransaction({ seed: 's', site, kind: 'retail', planSeed: 7, at }),
    );
  });
});
