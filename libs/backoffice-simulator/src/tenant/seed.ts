import { Prng } from '@washops/sim-kit';
import { BO_TEMPLATES, DEPARTMENTS, POS_TEMPLATES } from './catalog.js';
import type { BackofficeUserRecord, EmployeeRecord, SiteAccess, SiteTree } from './model.js';
import { formDate, TenantStore } from './model.js';

/**
 * The hierarchical demo tree follows the shape of the real tenant the reference pages come from (site ids are not
 * contiguous: there is no site 3; the "Global Region" block comes first in document order), plus a third region
 * with two districts so that multi-district regions are exercised.
 */
export function hierarchicalTree(): SiteTree {
  const regions = [
    { id: 1, name: 'Global Region' },
    { id: 2, name: 'WashU Illinois' },
    { id: 4, name: 'WashU Indiana' },
  ];
  const districts = [
    { id: 1, name: 'Global District', regionId: 1 },
    { id: 2, name: "Carlos' District", regionId: 2 },
    { id: 3, name: 'Lake District', regionId: 4 },
    { id: 5, name: 'Porter District', regionId: 4 },
  ];
  const raw: [number, string, string, number][] = [
    [17, 'Wash 37135', 'NOLO', 1],
    [18, 'Wash 37055', 'DKSN', 1],
    [19, 'Wash 37062', 'FRVW', 1],
    [20, 'Wash 38301', 'JKSN', 1],
    [1, 'WashU Fiesta', 'FIESTA', 2],
    [2, 'WashU Centennial', 'CENT', 2],
    [4, 'WashU Niles', 'NILES', 2],
    [5, 'WashU Villa Park', 'VILLAP', 2],
    [6, 'WashU Des Plaines', 'DESPLN', 2],
    [7, 'WashU Naperville', 'NAPER', 2],
    [8, 'WashU Carol Stream', 'CAROL', 2],
    [9, 'WashU Wheaton', 'WHEAT', 2],
    [10, 'WashU Joliet', 'JOLIET', 2],
    [11, 'WashU Plainfield', 'PLNFLD', 2],
    [12, 'WashU Berwyn', 'BERWYN', 2],
    [13, 'WashU Burbank T1', 'BURBT1', 2],
    [14, 'WashU Evergreen Park T1', 'EVRGRN', 2],
    [15, 'WashU Evergreen Park T2', 'EVERG2', 2],
    [16, 'WashU Burbank T2', 'BurbT2', 2],
    [21, 'WashU Merrillville', 'MERRIL', 3],
    [22, 'WashU Hobart', 'HOBART', 3],
    [24, 'WashU Valparaiso', 'VALPO', 5],
  ];
  const sites = raw.map(([id, name, code, districtId]) => {
    const district = districts.find((d) => d.id === districtId);
    if (!district) throw new Error(`district ${districtId} missing`);
    return { id, name, code, districtId, regionId: district.regionId };
  });
  return { kind: 'hierarchical', regions, districts, sites };
}

/** A flat tenant: sites without regions or districts (region/district ids 0). */
export function flatTree(): SiteTree {
  const raw: [number, string, string][] = [
    [1, 'WashU Fiesta', 'FIESTA'],
    [2, 'WashU Centennial', 'CENT'],
    [4, 'WashU Niles', 'NILES'],
    [5, 'WashU Villa Park', 'VILLAP'],
    [6, 'WashU Des Plaines', 'DESPLN'],
    [12, 'WashU Berwyn', 'BERWYN'],
  ];
  return {
    kind: 'flat',
    regions: [],
    districts: [],
    sites: raw.map(([id, name, code]) => ({ id, name, code, districtId: 0, regionId: 0 })),
  };
}

const FIRST_NAMES = [
  'Avery', 'Casey', 'Drew', 'Emerson', 'Finley', 'Gray', 'Harper', 'Indy', 'Jordan', 'Kai', 'Logan', 'Morgan', 'Noel',
  'Oakley', 'Parker', 'Quinn', 'Riley', 'Sawyer', 'Taylor', 'Umber', 'Val', 'Wren', 'Xan', 'Yael', 'Zion', 'Ana',
  'Bo', 'Cruz', 'Dana', 'Eli', 'José', 'Marie-Claire',
];
const LAST_NAMES = [
  'Example', 'Sample', 'Tester', 'Placeholder', 'Fakename', 'Demo', 'Mockley', 'Stubbs', 'Fixture', 'Proto', 'Dummy',
  'Testwell', 'Notreal', 'Anon', 'Nobody', 'Someone', 'Plain', 'Generic', "O'Brien", 'Van Dyke', 'Smith-Jones',
  'Núñez', 'Lee', 'Nguyen',
];

function formatPhone(prng: Prng, n: number): string {
  const area = '555';
  const mid = String(100 + Math.floor(n / 10_000)).padStart(3, '0');
  const last = String(n % 10_000).padStart(4, '0');
  switch (prng.int(0, 5)) {
    case 0:
      return `(${area}) ${mid}-${last}`;
    case 1:
      return `${area}-${mid}-${last}`;
    case 2:
      return `${area}${mid}${last}`;
    case 3:
      return `(${area})-${mid}-${last}`;
    case 4:
      return `(${area}) ${mid}-${last}`;
    default:
      return '';
  }
}

function randomAccess(prng: Prng, tree: SiteTree): SiteAccess {
  const roll = prng.next();
  if (roll < 0.1) return { all: true };
  if (tree.kind === 'hierarchical' && roll < 0.18) {
    const district = prng.pick(tree.districts);
    return { all: false, regionsAll: [], districtsAll: [district.id], siteIds: [] };
  }
  const count = roll < 0.75 ? 1 : prng.int(2, 4);
  const ids = new Set<number>();
  while (ids.size < count) ids.add(prng.pick(tree.sites).id);
  return { all: false, regionsAll: [], districtsAll: [], siteIds: [...ids].sort((a, b) => a - b) };
}

/** FNV-1a of the seed text: sim-kit's Prng seeded with it keeps the demo tenant, fault draws and ids as they were. */
export function legacySeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export interface SeedOptions {
  seed: string;
  tenant: 'hierarchical' | 'flat';
  employeeCount: number;
  users: { username: string; password: string }[];
}

export const DEFAULT_EMPLOYEE_COUNT = 300;

/** Builds the demo tenant. The same options always give the same tenant. */
export function seedTenant(options: SeedOptions): TenantStore {
  const prng = new Prng(legacySeed(`tenant:${options.seed}`));
  const random = prng.asFunction();
  const tree = options.tenant === 'flat' ? flatTree() : hierarchicalTree();
  const store = new TenantStore(tree);
  const base = Date.UTC(2024, 0, 1);
  const usedPos = new Set<number>();
  let id = 11;
  let credentialId = 5;
  for (let i = 0; i < options.employeeCount; i++) {
    id += random() < 0.15 ? 2 : 1;
    credentialId += 1;
    let posUserId: number;
    do posUserId = prng.int(100, 9999 + options.employeeCount * 10);
    while (usedPos.has(posUserId));
    usedPos.add(posUserId);
    const firstName = prng.pick(FIRST_NAMES);
    const lastName = prng.pick(LAST_NAMES);
    const shownFirst = random() < 0.05 ? firstName.toLowerCase() : firstName;
    const emailRoll = random();
    const email =
      emailRoll < 0.15 ? '' : emailRoll < 0.2 ? `PERSON${String(i + 1).padStart(4, '0')}@Example.com` : `person${String(i + 1).padStart(4, '0')}@example.com`;
    const templateRoll = random();
    const template = templateRoll < 0.7 ? prng.pick(POS_TEMPLATES) : null;
    const grants = template
      ? [...template.grants]
      : templateRoll < 0.85
        ? [22, 25, ...(random() < 0.5 ? [23] : [])]
        : [];
    const departments = new Set<number>([3]);
    if (random() < 0.6) departments.add(prng.pick(DEPARTMENTS).id);
    const start = new Date(Date.UTC(2018, 0, 1) + Math.floor(random() * 7 * 365) * 86_400_000);
    const isActive = random() > 0.12;
    const access = randomAccess(prng, tree);
    const firstSite = access.all ? tree.sites[0] : tree.sites.find((s) => !access.all && access.siteIds.includes(s.id));
    const record: EmployeeRecord = {
      id,
      posCredentialId: credentialId,
      firstName: shownFirst,
      lastName: random() < 0.05 ? lastName.toLowerCase() : lastName,
      email,
      phone: formatPhone(prng, 10_000 + i),
      posUserId,
      posPin: prng.int(10_000, 99_999),
      isActive,
      departmentIds: [...departments],
      siteAccess: access,
      grants,
      overrides: template ? [...template.overrides] : [],
      startDate: formDate(start),
      emergencyContactName: random() < 0.3 ? `${prng.pick(FIRST_NAMES)} ${lastName}` : '',
      emergencyContactPhone: '',
      adpEmployeeId: random() < 0.2 ? String(prng.int(100_000, 999_999)) : '',
      wage: {
        isHourly: random() > 0.05,
        regularRate: (prng.int(1200, 2400) / 100).toFixed(2),
        overtimeRate: '',
        isOvertimeEligible: true,
        siteId: firstSite?.id ?? null,
      },
      wageHistory: [],
      statusSince: base + Math.floor(random() * 600 * 86_400_000),
    };
    record.wage.overtimeRate = (Math.round(Number(record.wage.regularRate) * 150) / 100).toFixed(2);
    record.wageHistory.push({ ...record.wage, effectiveDate: record.startDate });
    if (random() < 0.3) {
      // A raise a year after the start.
      const raised = (Number(record.wage.regularRate) + prng.int(50, 200) / 100).toFixed(2);
      record.wage = { ...record.wage, regularRate: raised, overtimeRate: (Math.round(Number(raised) * 150) / 100).toFixed(2) };
      record.wageHistory.push({ ...record.wage, effectiveDate: formDate(new Date(start.getTime() + 365 * 86_400_000)) });
    }
    store.employees.set(id, record);
  }
  store.nextEmployeeId = id + 1;
  store.nextPosCredentialId = credentialId + 1;

  seedBackofficeUsers(store, prng, options.users);
  return store;
}

/** Back Office users: some linked to employees (7-digit ids), plus one per configured sign-in (the bot). */
function seedBackofficeUsers(store: TenantStore, prng: Prng, signIns: SeedOptions['users']): void {
  const random = prng.asFunction();
  let userId = 2_944_451;
  const generalUser = BO_TEMPLATES.find((t) => t.name === 'General User');
  const employees = [...store.employees.values()];
  for (const e of employees) {
    if (random() >= 0.08) continue;
    const user: BackofficeUserRecord = {
      id: userId,
      username: `${e.firstName.replace(/[^A-Za-z]/g, '').slice(0, 1)}${e.lastName.replace(/[^A-Za-z]/g, '')}${e.id}`,
      email: e.email,
      firstName: e.firstName,
      lastName: e.lastName,
      phone: e.phone,
      employeeId: e.id,
      active: true,
      password: null,
      tokens: [...(generalUser?.tokens ?? [])],
      siteAccess: { all: true },
    };
    store.users.set(user.id, user);
    userId += prng.int(1, 40);
  }
  for (const signIn of signIns) {
    userId += 1;
    store.users.set(userId, {
      id: userId,
      username: signIn.username,
      email: `${signIn.username.toLowerCase()}@washops.invalid`,
      firstName: 'Sonnys',
      lastName: 'Backoffice Wrapper',
      phone: '',
      employeeId: null,
      active: true,
      password: signIn.password,
      tokens: [...(BO_TEMPLATES[0]?.tokens ?? [])],
      siteAccess: { all: true },
    });
  }
  store.nextUserId = Math.max(3_312_060, userId + 1);
}
