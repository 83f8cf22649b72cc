import { DateRangeError, ValidationError } from '@washops/shared-errors';
import { describe, expect, it } from 'vitest';
import { minimumResourceRequests } from '../src/dataapi/minimum.js';
import { checkResources, planResourceWindows } from '../src/dataapi/plan.js';

const NOW = Date.parse('2026-06-15T12:00:00Z');
const MONTH = { from: '2026-05-01', to: '2026-05-31' };

describe('resource windows', () => {
  it('cuts each resource into the fewest windows its range limit allows', () => {
    expect(planResourceWindows('memberships', MONTH, NOW)).toEqual([{ resource: 'memberships', scope: '', windowStart: '2026-05-01', windowEnd: '2026-05-31' }]);
    expect(planResourceWindows('memberships', { from: '2026-05-01', to: '2026-06-01' }, NOW).map((w) => `${w.windowStart}..${w.windowEnd}`)).toEqual([
      '2026-05-01..2026-05-31',
      '2026-06-01..2026-06-01',
    ]);
    expect(planResourceWindows('washbooks', { from: '2026-01-01', to: '2026-06-14' }, NOW)).toHaveLength(1);
    expect(planResourceWindows('status-changes', MONTH, NOW)).toHaveLength(1);
    expect(planResourceWindows('customers', MONTH, NOW)).toEqual([{ resource: 'customers', windowStart: '2026-05-01', windowEnd: '2026-05-31' }]);
    // Full refreshes are one window: the day they ran.
    expect(planResourceWindows('items', MONTH, NOW)).toEqual([{ resource: 'items', windowStart: '2026-06-15', windowEnd: '2026-06-15' }]);
  });

  it('clock entries: 14-day windows for each employee', () => {
    const windows = planResourceWindows('clock-entries', MONTH, NOW, [7, 8]);
    expect(windows.map((w) => `${w.scope} ${w.windowStart}..${w.windowEnd}`)).toEqual([
      '7 2026-05-01..2026-05-14',
      '7 2026-05-15..2026-05-28',
      '7 2026-05-29..2026-05-31',
      '8 2026-05-01..2026-05-14',
      '8 2026-05-15..2026-05-28',
      '8 2026-05-29..2026-05-31',
    ]);
  });

  it('refuses days not over yet, gift cards older than the look-back, and unknown resources', () => {
    expect(() => planResourceWindows('customers', { from: '2026-06-14', to: '2026-06-15' }, NOW)).toThrow(DateRangeError);
    expect(() => planResourceWindows('gift-cards', { from: '2025-12-01', to: '2025-12-31' }, NOW)).toThrow(/6 months/);
    expect(planResourceWindows('sales-outcomes', { from: '2025-12-01', to: '2025-12-31' }, NOW)).toHaveLength(1);
    expect(() => checkResources(['customers', 'loyalty'])).toThrow(ValidationError);
    expect(checkResources(undefined)).toContain('clock-entries');
  });
});

describe('the fewest requests a month of resources allows', () => {
  it('takes per endpoint the larger of one request per window and the records at the largest page size', () => {
    const minimum = minimumResourceRequests(
      [
        { endpoint: '/customer', total: 250, rows: 250 },
        { endpoint: '/employee/{id}', total: 5, rows: 5 },
        { endpoint: '/recurring/account/status-list', total: 1_001, rows: 1_001 },
        { endpoint: '/sales-outcome/list', total: 0, rows: 0 },
        { endpoint: '/employee/{id}/clock-entries', total: null, rows: 40 },
      ],
      31,
      5,
      ['customers', 'employees', 'status-changes', 'sales-outcomes', 'clock-entries', 'memberships'],
    );
    expect(minimum.byEndpoint).toEqual({
      '/customer': 3,
      '/employee': 1,
      // An employee's own record: one request each.
      '/employee/{id}': 5,
      '/recurring/account/status-list': 2,
      // An empty list still takes its one request.
      '/sales-outcome/list': 1,
      // 31 days are three 14-day windows, for each of 5 employees.
      '/employee/{id}/clock-entries': 15,
      '/recurring/account/list': 1,
      '/recurring/account/details/list': 1,
    });
    expect(minimum.total).toBe(29);
  });
});
