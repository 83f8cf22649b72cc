import { warehouseSale } from '@washops/store/testing';
import { openKpis, type BackofficeReads } from '@washops/operations';
import type { WarehouseTransaction } from '@washops/store';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PortalDeps } from '../src/index.js';
import { callerAs, errorOf, makeDeps } from './helpers.js';

// The numbers router over the real service and a warehouse holding one site-day of known transactions: what the
// Today, Memberships and Labor pages read, with a range's coverage and its refusal when a source lacks part of it.

const SITE = 'FIESTA';
const ZONE = 'America/Chicago';
const DAY = '2026-11-18';
const SYNCED_AT = new Date('2026-11-19T08:00:00Z');

function wash(number: number, totalCents: number, flags: Partial<WarehouseTransaction> = {}): WarehouseTransaction {
  return warehouseSale({ siteCode: SITE, day: DAY, timeZone: ZONE, number, totalCents, completedAt: new Date(Date.UTC(2026, 10, 18, 16)), tenders: [], ...flags });
}

const RECORDS = [wash(800001, 1500), wash(800002, 0), wash(800003, 0, { isRecurringRedemption: true }), wash(800004, 3000, { isRecurringSale: true })];

const siteTree = {
  listSites: async () => [{ id: 1, name: 'WashU Fiesta', code: SITE, regionId: 2, regionName: 'Illinois', districtId: null, districtName: null }],
} as unknown as BackofficeReads;

let deps: PortalDeps;

beforeAll(async () => {
  const base = await makeDeps();
  deps = { ...base, backoffice: siteTree, kpis: openKpis({ store: base.store, backoffice: siteTree }) };
  await deps.store.warehouse.upsertSites([{ siteCode: SITE, siteId: 1001, name: 'WashU Fiesta', timeZone: ZONE, regionCode: 'ILLINOIS' }]);
  await deps.store.warehouse.replaceSiteDay({ siteCode: SITE, day: DAY, timeZone: ZONE, vendorTotal: RECORDS.length, transactions: RECORDS }, SYNCED_AT);
});

describe('the numbers router', () => {
  it('kpis.summary refuses a day whose clock entries are not synced, naming them, as PRECONDITION_FAILED', async () => {
    const error = await errorOf(callerAs(deps, 'viewer').kpis.summary({ from: DAY, to: DAY, sites: [SITE] }));
    expect(error.code).toBe('PRECONDITION_FAILED');
    expect(error.message).toContain('employees');
    expect(error.message).toContain('clock-entries');
  });

  it('kpis.summary answers a partial day marked so: the cars, sales and conversion of the synced transactions, times as ISO strings', async () => {
    const answer = await callerAs(deps, 'viewer').kpis.summary({ from: DAY, to: DAY, sites: [SITE], allowPartial: true });
    expect(answer).toMatchObject({ partial: true, scope: { siteCodes: [SITE], groupBy: 'site' } });
    expect(answer.coverage.transactions).toMatchObject({ complete: true, syncedAt: SYNCED_AT.toISOString() });
    expect(answer.coverage.resources.map((r) => [r.resource, r.complete, r.syncedAt])).toEqual([
      ['employees', false, null],
      ['clock-entries', false, null],
    ]);
    const [row] = answer.data;
    // Four washes: one retail paid, one free, one member redemption, one plan sale; sales leave the redemption out.
    expect(row).toMatchObject({ group: SITE, cars: 4, memberCars: 1, retailCars: 2, freeCars: 1, eligibleCars: 1, newMemberships: 1, salesCents: 4500, conversion: 1 });
    expect(answer.summary).toMatch(/^Partial: /);
  });

  it('kpis.summary refuses a range of more than a year before reading anything', async () => {
    const error = await errorOf(callerAs(deps, 'viewer').kpis.summary({ from: '2024-01-01', to: DAY }));
    expect(error.code).toBe('BAD_REQUEST');
  });
});
