import type { Store } from '@washops/store';
import { CUSTOMER_SEARCH_CAP } from './paging.js';
import type { ResourceRowSource } from './source.js';

/** The warehouse's answers: the store's reads of what the sync wrote. */
export function warehouseSource(store: Store): ResourceRowSource {
  const reads = store.resources;
  return {
    searchCustomers: (query, cap) => reads.searchCustomers({ query, limit: Math.min(cap, CUSTOMER_SEARCH_CAP) }),
    async customerProfile(customerId) {
      const profile = await reads.customerProfile(customerId);
      if (!profile) return null;
      const { syncedAt: _syncedAt, detailSyncedAt: _detailSyncedAt, ...customer } = profile.customer;
      return { customer, memberships: profile.memberships, washbooks: profile.washbooks };
    },
    memberships: (filter, window) =>
      reads.listMemberships({
        ...window,
        ...(filter.customerId ? { customerId: filter.customerId } : {}),
        ...(filter.status ? { statusName: filter.status } : {}),
        ...(filter.siteCode ? { billingSiteCode: filter.siteCode } : {}),
      }),
    membership: (id) => reads.getMembership(id),
    statusChanges: (range, siteCode) => reads.listStatusChanges({ ...range, ...(siteCode ? { siteCode } : {}) }),
    washbooks: (customerId) => reads.listWashbooks(customerId ? { customerId } : {}),
    async giftCards(siteCode, window) {
      const filter = siteCode ? { siteCode } : {};
      const [page, liability] = await Promise.all([reads.listGiftCards({ ...window, ...filter }), reads.giftCardLiability(filter)]);
      return { ...page, liability };
    },
    items: (department) => reads.listCatalogItems(department ? { departmentName: department } : {}),
    clockShifts: (query) => reads.clockEntries(query),
    async salesOutcomes(query, window) {
      const [page, byEmployee] = await Promise.all([
        reads.listSalesOutcomes({ ...query, ...window }),
        reads.salesOutcomesByEmployee({ from: query.from, to: query.to, ...(query.siteId === undefined ? {} : { siteId: query.siteId }) }),
      ]);
      return { ...page, byEmployee: query.employeeId ? byEmployee.filter((e) => e.employeeId === query.employeeId) : byEmployee };
    },
  };
}
