import { warehouseSale } from '@washops/store/testing';
import { openDigest, openKpis, type BackofficeReads } from '@washops/operations';
import type { WarehouseTransaction } from '@washops/store';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCaller, createPortalContext, type PortalDeps } from '../src/index.js';
import { browserRequest, callerAs, errorOf, makeDeps } from './helpers.js';

// The digest router over the real service and a warehouse holding one site-day: the preview page's mail, exactly
// as the check would send it, and the delivery log.

const SITE = 'FIESTA';
const ZONE = 'America/Chicago';
const DAY = '2026-11-18';

function wash(number: number, totalCents: number, flags: Partial<WarehouseTransaction> = {}): WarehouseTransaction {
  return warehouseSale({ siteCode: SITE, day: DAY, timeZone: ZONE, number, totalCents, completedAt: new Date(Date.UTC(2026, 10, 18, 16)), tenders: [], ...flags });
}

const siteTree = {
  listSites: async () => [{ id: 1, name: 'WashU <Fiesta>', code: SITE, regionId: 2, regionName: 'Illinois', districtId: null, districtName: null }],
} as unknown as BackofficeReads;

let deps: PortalDeps;

beforeAll(async () => {
  const base = await makeDeps();
  const services = { store: base.store, backoffice: siteTree };
  deps = { ...base, backoffice: siteTree, kpis: openKpis(services), digest: openDigest({ ...services, config: null }) };
  await deps.store.warehouse.upsertSites([{ siteCode: SITE, siteId: 1001, name: 'WashU <Fiesta>', timeZone: ZONE, regionCode: 'ILLINOIS' }]);
  await deps.store.warehouse.replaceSiteDay({ siteCode: SITE, day: DAY, timeZone: ZONE, vendorTotal: 2, transactions: [wash(800001, 1500), wash(800002, 3000, { isRecurringSale: true })] });
});

describe('the digest router', () => {
  it('digest.preview gives the mail a site-day would carry, its tenant text escaped, and says the digest is off', async () => {
    const preview = await callerAs(deps, 'viewer').digest.preview({ site: 'fiesta', day: DAY });
    expect(preview).toMatchObject({ siteCode: SITE, day: DAY, daySynced: true, enabled: false, recipients: [] });
    expect(preview.subject).toBe('WashU <Fiesta> (FIESTA), Wednesday 2026-11-18: 2 cars, $45.00 sales');
    expect(preview.html).toContain('WashU &lt;Fiesta&gt; (FIESTA)');
    expect(preview.html).not.toContain('<Fiesta>');
    // Labor is not synced: the labor rows say so rather than show a zero.
    expect(preview.text).toMatch(/Labor hours\s+not synced/);
    expect(preview.text).toMatch(/Cars\s+2\s/);
  });

  it('digest.deliveries lists the site-day\'s deliveries, times as ISO strings', async () => {
    const key = { siteCode: SITE, day: DAY, recipient: 'manager@example.com' };
    await deps.store.digest.claim(key, 'subject', new Date('2026-11-19T12:00:00Z'));
    await deps.store.digest.markSent(key, '<id@example.com>', new Date('2026-11-19T12:00:01Z'));
    const deliveries = await callerAs(deps, 'viewer').digest.deliveries({ site: SITE, day: DAY });
    expect(deliveries).toEqual([
      expect.objectContaining({ recipient: 'manager@example.com', state: 'sent', messageId: '<id@example.com>', startedAt: '2026-11-19T12:00:00.000Z', finishedAt: '2026-11-19T12:00:01.000Z' }),
    ]);
    expect(await callerAs(deps, 'viewer').digest.deliveries({ site: SITE, day: '2026-11-17' })).toEqual([]);
  });

  it('refuses an unknown site (NOT_FOUND), a malformed day (BAD_REQUEST), and anyone not signed in', async () => {
    expect((await errorOf(callerAs(deps, 'viewer').digest.preview({ site: 'NOWHERE', day: DAY }))).code).toBe('NOT_FOUND');
    expect((await errorOf(callerAs(deps, 'viewer').digest.preview({ site: SITE, day: '2026-02-30' }))).code).toBe('BAD_REQUEST');
    const anonymous = createCaller(async () => createPortalContext(deps, browserRequest({})));
    expect((await errorOf(anonymous.digest.preview({ site: SITE, day: DAY }))).code).toBe('UNAUTHORIZED');
  });
});
