import type { SyncStatus } from '@washops/operations';
import type { SiteDayKey, SyncUnit, WarehouseListQuery, WarehouseTransaction } from '@washops/store';
import type { WarehouseServices } from '../src/services.js';

/** A transaction as the store returns it; `overrides` change any field. */
export function storedTransaction(index: number, overrides: Partial<WarehouseTransaction> = {}): WarehouseTransaction {
  return {
    id: `${1000 + index}:NILES`,
    number: 1000 + index,
    siteCode: 'NILES',
    day: '2026-11-20',
    timeZone: 'America/Chicago',
    completedAt: new Date(Date.UTC(2026, 10, 20, 14, 0, index)),
    type: 'Sale',
    salesDeviceName: 'Lane 1',
    totalCents: 1299 + index,
    customerName: null,
    customerId: null,
    vehicleLicensePlate: null,
    employeeCashier: 'Pat',
    employeeGreeter: null,
    isRecurringPayment: false,
    isRecurringRedemption: false,
    isRecurringSale: false,
    isPrepaidRedemption: false,
    isPrepaidSale: false,
    isRecurringPlanSale: null,
    isRecurringPlanRedemption: null,
    transactionStatus: null,
    tenders: [{ tender: 'Credit Card', tenderSubType: 'Visa', amountCents: 1299, changeCents: 0, totalCents: 1299, referenceNumber: 'r1', cardLastFour: '4242' }],
    items: [{ name: 'Best Wash', sku: null, department: 'Wash', quantity: 1, grossCents: 1299, netCents: 1299, discountCents: 0, taxCents: 0, additionalFeeCents: 0, isVoided: false }],
    discounts: [],
    ...overrides,
  };
}

export function unit(siteCode: string, day: string, state: SyncUnit['state'], extra: Partial<SyncUnit> = {}): SyncUnit {
  const done = state === 'done';
  return {
    siteCode,
    day,
    state,
    records: done ? 10 : null,
    vendorTotal: done ? 10 : null,
    syncedAt: done ? new Date('2026-11-21T05:00:00Z') : null,
    attempts: state === 'pending' ? 0 : 1,
    error: state === 'failed' ? 'The Data API answered 500' : null,
    errorCode: state === 'failed' ? 'API_ERROR' : null,
    updatedAt: new Date('2026-11-21T05:00:00Z'),
    ...extra,
  };
}

export function syncStatusOf(units: SyncUnit[], overrides: Partial<SyncStatus> = {}): SyncStatus {
  const count = (state: SyncUnit['state']) => units.filter((u) => u.state === state).length;
  return {
    from: '2026-11-19',
    to: '2026-11-20',
    siteCodes: ['NILES', 'LOMBARD'],
    days: ['2026-11-19', '2026-11-20'],
    units,
    counts: { done: count('done'), running: count('running'), pending: count('pending'), failed: count('failed'), records: units.reduce((s, u) => s + (u.records ?? 0), 0) },
    paused: false,
    budget: { key: 'demo', requests: 20, windowMs: 15_000, inUse: 3, pausedUntil: null },
    queue: { queued: count('pending'), active: count('running') },
    nightly: { cron: '30 4 * * *', timeZone: 'UTC', resyncDays: 3 },
    ...overrides,
  };
}

/** The warehouse's reads over fixed rows; `missing` site-days make every range incomplete. Calls are recorded. */
export function fakeWarehouse(options: { rows?: WarehouseTransaction[]; missing?: SiteDayKey[]; status?: SyncStatus } = {}) {
  const rows = options.rows ?? [];
  const missing = options.missing ?? [];
  const calls: { list: WarehouseListQuery[]; status: unknown[] } = { list: [], status: [] };
  const services: WarehouseServices = {
    queries: {
      coverage: async () => ({
        complete: missing.length === 0,
        syncedAt: missing.length === 0 ? new Date('2026-11-21T05:00:00Z') : null,
        missing: missing.slice(0, 200),
        missingCount: missing.length,
      }),
      listTransactions: async (query) => {
        calls.list.push(query);
        const matching = rows.filter((row) => row.completedAt >= query.from && row.completedAt <= query.to && (!query.siteCodes || query.siteCodes.includes(row.siteCode)));
        const start = query.cursor ? Number(query.cursor) : 0;
        const limit = query.limit ?? 100;
        const end = start + limit;
        return { rows: matching.slice(start, end), nextCursor: end < matching.length ? String(end) : null, total: matching.length };
      },
    },
    status: async (query) => {
      calls.status.push(query);
      return options.status ?? syncStatusOf([]);
    },
  };
  return { services, calls };
}
