import { warehouseSale } from '@washops/store/testing';
import { openStore, type SiteDayData, type Store, type WarehouseTransaction } from '@washops/store';

// A store for the digest's tests, filled the way the syncs fill it: site A (a name that needs escaping) and B, both
// in Chicago; each synced day d (0 = 10-30) holds 3 + d retail washes of $10 and one membership sign-up of $29.99.

export const ZONE = 'America/Chicago';
export const DAYS = ['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02'] as const;
export const SITE_A_NAME = 'Wash <A> & "Sons"';
const TREE = [
  { id: 1, name: SITE_A_NAME, code: 'A', regionId: 1, regionName: 'North', districtId: null, districtName: null },
  { id: 2, name: 'Wash B', code: 'B', regionId: 1, regionName: 'North', districtId: null, districtName: null },
];
export const backoffice = { listSites: async () => TREE };

function ticket(siteCode: string, day: string, index: number, totalCents: number, flags: Partial<WarehouseTransaction> = {}): WarehouseTransaction {
  return warehouseSale({ siteCode, day, timeZone: ZONE, number: index, totalCents, ...flags });
}

function siteDay(siteCode: string, dayIndex: number): SiteDayData {
  const day = DAYS[dayIndex] as string;
  const washes = Array.from({ length: 3 + dayIndex }, (_, i) => ticket(siteCode, day, i, 1_000));
  return { siteCode, day, timeZone: ZONE, vendorTotal: null, transactions: [...washes, ticket(siteCode, day, 99, 2_999, { isRecurringSale: true })] };
}

/** `synced`: which days of each site the warehouse holds; one eight-hour shift at A on 11-02 ($15 an hour), labor read for every day. */
export async function digestStore(synced: Record<'A' | 'B', number[]>): Promise<Store> {
  const store = await openStore({ inMemory: true });
  await store.warehouse.upsertSites(TREE.map((s) => ({ siteCode: s.code, siteId: s.id, name: s.name, timeZone: ZONE, regionCode: null })));
  for (const siteCode of ['A', 'B'] as const) for (const i of synced[siteCode]) await store.warehouse.replaceSiteDay(siteDay(siteCode, i));
  await store.resources.completeWindow({ resource: 'employees', windowStart: '2026-10-20', windowEnd: '2026-11-04' }, { vendorTotal: 1, employees: [{ employeeId: 5, firstName: 'Ann', lastName: 'Lee', active: true, startDate: null, phone: null, email: null }] });
  await store.resources.completeWindow(
    { resource: 'clock-entries', scope: '5', windowStart: '2026-10-20', windowEnd: '2026-11-04' },
    {
      vendorTotal: null,
      clockEntries: [{ employeeId: 5, week: '', clockIn: new Date('2026-11-02T14:00:00Z'), clockOut: new Date('2026-11-02T22:00:00Z'), regularRateCents: 1_500, regularHours: 8, overtimeEligible: true, overtimeRateCents: 2_250, overtimeHours: 0, wasModified: false, modifiedAt: null, createdInBackOffice: false, siteCode: 'A' }],
    },
  );
  return store;
}

/** Two members of A, both signed up in October and active through 11-02. */
export async function syncMembers(store: Store): Promise<void> {
  const window = { windowStart: '2026-10-01', windowEnd: '2026-11-04' };
  const member = (id: string, signUpAt: string) => ({ id, customerId: null, name: null, signUpAt: new Date(signUpAt), cancelAt: null, billingSiteId: 1, billingSiteCode: 'A', status: 1, statusName: 'Active' });
  await store.resources.completeWindow({ resource: 'memberships', ...window }, { vendorTotal: null, memberships: [member('M1', '2026-10-02T15:00:00Z'), member('M2', '2026-10-03T15:00:00Z')] });
  await store.resources.completeWindow({ resource: 'status-changes', ...window }, { vendorTotal: null, statusChanges: [] });
}
