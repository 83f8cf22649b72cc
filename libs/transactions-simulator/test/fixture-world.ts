/** A tiny hand-made world (two sites' worth of records) for the handlers' unit tests: every value is known. */
import { siteById, type ChainSite } from '../src/chain.js';
import type { World, WorldRates } from '../src/world/types.js';

const T = (iso: string): number => Date.parse(iso);
const FIESTA = 1001;
const NAPER = 1007;

export const FIXTURE_NOW = T('2026-11-20T21:30:00Z');

const customers = [
  {
    customerId: '5001:1001', siteId: FIESTA, number: '000501', firstName: 'Maria', lastName: 'Lopez', phone: '13125550101',
    email: 'maria@example.test', address: { address1: '1 Main St', address2: null, city: 'Aurora', state: 'IL', country: 'US', postalCode: '60505' },
    birthDate: '1990-04-02', isActive: true, allowSms: true, createdMs: T('2025-03-01T10:00:00Z'), modifiedMs: null,
  },
  {
    customerId: '5002:1007', siteId: NAPER, number: '000502', firstName: 'John', lastName: 'Smith', phone: null, email: null,
    address: null, birthDate: null, isActive: false, allowSms: false, createdMs: T('2026-10-05T12:00:00Z'), modifiedMs: T('2026-11-01T08:00:00Z'),
  },
];

const memberships = [
  {
    id: '700001:1001', customerId: '5001:1001', siteId: FIESTA, planIndex: 1, planName: 'Deluxe Club', priceCents: 2999,
    signUpMs: T('2026-10-10T15:00:00Z'), endMs: T('2026-11-12T09:00:00Z'), endReason: 'voluntary' as const,
    statuses: [
      { status: 1, atMs: T('2026-10-10T15:00:00Z'), employeeName: 'Ann Lee', siteCode: 'FIESTA' },
      { status: 7, atMs: T('2026-11-12T09:00:00Z'), employeeName: null, siteCode: 'FIESTA' },
    ],
    billings: [
      { atMs: T('2026-10-10T15:00:00Z'), amountCents: 2999, cardLastFour: '0572', cardExpiry: '2028-03', approved: true },
      { atMs: T('2026-11-10T08:00:00Z'), amountCents: 2999, cardLastFour: '0572', cardExpiry: '2028-03', approved: false },
    ],
    modifications: [{ name: 'Tag Added', atMs: T('2026-10-20T12:00:00Z'), comment: null }],
    tags: [{ id: '1:1001', number: '9870654032190', enabled: true }],
    vehicles: [{ id: '2:1001', plate: 'ABC123' }],
    isOnTrial: false, trialAmountCents: null,
  },
];

const washbooks = [
  { id: '800001:1007', customerId: '5002:1007', siteId: NAPER, name: '10 Deluxe Wash Book', balanceAt: () => 7, signUpMs: T('2026-10-06T12:00:00Z'), cancelMs: null },
  { id: '800002:1007', customerId: '5002:1007', siteId: NAPER, name: 'Unlimited Book', balanceAt: () => 999, signUpMs: T('2026-10-07T12:00:00Z'), cancelMs: null },
];

const employees = [
  { employeeId: 11, firstName: 'Ann', lastName: 'Lee', displayName: 'Ann Lee', siteId: FIESTA, ringsSales: true, active: true, startDate: '2024-05-01', phone: null, email: null, rateCents: 1650 },
  { employeeId: 12, firstName: 'Bo', lastName: 'Kim', displayName: 'Bo Kim', siteId: NAPER, ringsSales: false, active: true, startDate: '2025-01-15', phone: '6305550100', email: null, rateCents: 1500 },
];

const inSites = (sites: readonly ChainSite[], siteId: number): boolean => sites.some((s) => s.siteId === siteId);

export const fixtureWorld: World = {
  rates: { conversion: 0.02, voluntaryChurn: 0.045, involuntaryChurn: 0.02, laborHoursPerCar: 0.08 } satisfies WorldRates,
  customers: (sites, asOf) => customers.filter((c) => inSites(sites, c.siteId) && c.createdMs <= asOf),
  customer: (id) => customers.find((c) => c.customerId === id),
  memberships: (sites, asOf) => memberships.filter((m) => inSites(sites, m.siteId) && m.signUpMs <= asOf),
  // Every account of a fixture is few enough to hand over whole: the handler keeps the changes within the bounds.
  membershipsChangedWithin: (sites, asOf) => memberships.filter((m) => inSites(sites, m.siteId) && m.signUpMs <= asOf),
  membership: (id) => memberships.find((m) => m.id === id),
  washbooks: (sites, asOf) => washbooks.filter((w) => inSites(sites, w.siteId) && w.signUpMs <= asOf),
  washbook: (id) => washbooks.find((w) => w.id === id),
  giftCards: (sites, from, to) =>
    [{ giftcardId: '900001:1001', siteId: FIESTA, number: 'GC1001', valueCents: 5000, soldMs: T('2026-11-19T16:00:00Z'), usedCentsAt: () => 1250 }].filter(
      (g) => inSites(sites, g.siteId) && g.soldMs >= from && g.soldMs <= to,
    ),
  items: () => [
    { sku: '100101', name: 'Express Wash', department: 'Wash', priceCents: 1000, costCents: null, promptForPrice: false },
    { sku: '200102', name: 'Deluxe Club', department: 'Recurring Plan', priceCents: 2999, costCents: 350, promptForPrice: false },
  ],
  employees: (sites) => employees.filter((e) => inSites(sites, e.siteId)),
  employee: (id) => employees.find((e) => e.employeeId === id),
  clockEntries: (id, from, to, asOf) =>
    [
      { start: T('2026-11-16T14:00:00Z'), end: T('2026-11-16T22:00:00Z') },
      { start: T('2026-11-20T14:00:00Z'), end: T('2026-11-20T23:00:00Z') },
    ]
      .filter((s) => id === 11 && s.start >= from && s.start <= to)
      .map((s) => ({
        employeeId: 11, siteId: FIESTA, clockInMs: s.start, clockOutMs: s.end > asOf ? null : s.end,
        regularHours: (Math.min(s.end, asOf) - s.start) / 3_600_000, overtimeHours: 0, regularRateCents: 1650, overtimeRateCents: 2475,
        overtimeEligible: true, wasModified: false, modifiedMs: null, createdInBackOffice: false,
      })),
  salesOutcomes: (sites, from, to) =>
    [
      { atMs: T('2026-11-20T15:00:00Z'), employeeId: 11, employeeName: 'Ann Lee', siteId: FIESTA, converted: true, itemSku: '200102', itemName: 'Deluxe Club', priceCents: 2999, terminalName: 'POS1' },
      { atMs: T('2026-11-20T16:00:00Z'), employeeId: 11, employeeName: 'Ann Lee', siteId: FIESTA, converted: false, itemSku: '200102', itemName: 'Deluxe Club', priceCents: 2999, terminalName: 'POS2' },
    ].filter((s) => inSites(sites, s.siteId) && s.atMs >= from && s.atMs <= to),
};

export const fixtureSites = [siteById.get(FIESTA) as ChainSite, siteById.get(NAPER) as ChainSite];
