import { pastDay } from './canary-harness.js';
import type { PortalProbe } from './canary-portal-probe.js';

interface SignedIn {
  admin: string;
  viewer: string;
}

/**
 * The resource pages' procedures (customers, items, time clock, gift cards) on success and refusal
 * paths: answered from the warehouse or live, refused for bad input, a viewer's reveal and signed out.
 */
export async function resourceReads(probe: PortalProbe, { admin, viewer }: SignedIn): Promise<void> {
  await probe.call('customer search', 'customers.search', { query: 'Smith' }, { cookie: viewer, expect: 'ok' });
  await probe.call('customer search, 3 digits', 'customers.search', { query: '555' }, { cookie: viewer, expect: 'BAD_REQUEST' });
  await probe.call('customer search signed out', 'customers.search', { query: 'Smith' }, { expect: 'UNAUTHORIZED' });
  await probe.call('unknown customer', 'customers.get', { customerId: '999999999:1' }, { cookie: viewer, expect: 'NOT_FOUND' });
  await probe.call('unknown membership', 'customers.membership', { membershipId: 'no-such-membership' }, { cookie: viewer, expect: 'NOT_FOUND' });
  await probe.call('reveal as a viewer', 'customers.revealContact', { customerId: 'no-such-customer' }, { cookie: viewer, expect: 'FORBIDDEN' });
  await probe.call('reveal of an unknown customer', 'customers.revealContact', { customerId: '999999999:1' }, { cookie: admin, expect: 'NOT_FOUND' });
  await probe.call('items', 'items.list', {}, { cookie: viewer, expect: 'ok' });
  await probe.call('items, page too large', 'items.list', { pageSize: 500 }, { cookie: viewer, expect: 'BAD_REQUEST' });
  await probe.call('item departments', 'items.departments', undefined, { cookie: viewer, expect: 'ok' });
  await probe.call('items signed out', 'items.list', {}, { expect: 'UNAUTHORIZED' });
  const day = pastDay(3);
  // Live, the chain's clock is a request per employee and its cards six months of pages: one employee, one site.
  await probe.call('clock entries', 'timeClock.list', { from: day, to: day, employeeId: 100701 }, { cookie: viewer, expect: 'ok' });
  await probe.call('clock entries, reversed', 'timeClock.list', { from: day, to: pastDay(5) }, { cookie: viewer, expect: 'BAD_REQUEST' });
  await probe.call('clock entries signed out', 'timeClock.list', { from: day, to: day }, { expect: 'UNAUTHORIZED' });
  await probe.call('gift cards', 'giftCards.list', { siteCode: 'NAPER' }, { cookie: viewer, expect: 'ok' });
  await probe.call('gift cards signed out', 'giftCards.list', {}, { expect: 'UNAUTHORIZED' });
  const range = { from: pastDay(3), to: pastDay(3) };
  await probe.call('resource sync status', 'sync.resources.status', range, { cookie: viewer, expect: 'ok' });
  await probe.call('resource sync status, reversed', 'sync.resources.status', { from: day, to: pastDay(5) }, { cookie: viewer, expect: 'BAD_REQUEST' });
  await probe.call('resource backfill as a viewer', 'sync.resources.backfill', range, { cookie: viewer, expect: 'FORBIDDEN' });
  await probe.call('resource backfill, unknown resource', 'sync.resources.backfill', { ...range, resources: ['weather'] }, { cookie: admin, expect: 'BAD_REQUEST' });
  await probe.call('resource backfill', 'sync.resources.backfill', { ...range, resources: ['items'] }, { cookie: admin, expect: 'ok' });
  await probe.call('resource retry failed as a viewer', 'sync.resources.retryFailed', undefined, { cookie: viewer, expect: 'FORBIDDEN' });
  await probe.call('resource retry failed', 'sync.resources.retryFailed', undefined, { cookie: admin, expect: 'ok' });
}
