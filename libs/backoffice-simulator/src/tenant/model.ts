/** The simulator's data model: the site tree, employees and Back Office users, and the store that holds them. */

export interface Region {
  id: number;
  name: string;
}
export interface District {
  id: number;
  name: string;
  regionId: number;
}
export interface Site {
  id: number;
  /** Long name, as in the availability tree ("WashU Fiesta"). */
  name: string;
  /** Short code, as in the roster and the wage select ("FIESTA"). */
  code: string;
  districtId: number;
  regionId: number;
}

export interface SiteTree {
  kind: 'hierarchical' | 'flat';
  /** Document order of the availability tree. Empty on flat tenants. */
  regions: Region[];
  districts: District[];
  sites: Site[];
}

/**
 * What the server remembers about where someone may work: everything, or the roll-ups that were switched on
 * plus individually granted sites. The effective set is their union.
 */
export type SiteAccess =
  | { all: true }
  | { all: false; regionsAll: number[]; districtsAll: number[]; siteIds: number[] };

export interface Wage {
  isHourly: boolean;
  regularRate: string;
  overtimeRate: string;
  isOvertimeEligible: boolean;
  siteId: number | null;
}

/** One row of the compensation history. */
export interface WageRecord extends Wage {
  /** MM/DD/YYYY. */
  effectiveDate: string;
}

export interface EmployeeRecord {
  id: number;
  posCredentialId: number;
  firstName: string;
  lastName: string;
  email: string;
  /** As entered: formatting is kept ("(555) 010-0001"). */
  phone: string;
  posUserId: number;
  posPin: number;
  isActive: boolean;
  departmentIds: number[];
  siteAccess: SiteAccess;
  grants: number[];
  overrides: number[];
  /** MM/DD/YYYY, the form's format. */
  startDate: string;
  emergencyContactName: string;
  emergencyContactPhone: string;
  adpEmployeeId: string;
  /** The current wage (the latest record of the history). */
  wage: Wage;
  /** Oldest first; the first record is effective from the start date. */
  wageHistory: WageRecord[];
  /** Epoch ms since which the current active/inactive state holds (the roster tooltip). */
  statusSince: number;
}

export interface BackofficeUserRecord {
  id: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  employeeId: number | null;
  active: boolean;
  /** Set for users created through the form or configured for sign-in; seeded users have none. */
  password: string | null;
  tokens: string[];
  siteAccess: SiteAccess;
}

/** The public view of an employee (`control.employees()`): the record without its internals, dates as ISO dates. */
export interface SimEmployee extends Omit<EmployeeRecord, 'siteAccess' | 'startDate' | 'wageHistory' | 'statusSince'> {
  /** `'all'` when every site is allowed through the "all regions" switch, else the effective site ids, ascending. */
  siteIds: 'all' | number[];
  /** ISO date (YYYY-MM-DD). */
  startDate: string;
  /** Oldest first, effective dates as ISO dates. */
  wageHistory: Array<Wage & { effectiveDate: string }>;
}

/** The public view of a Back Office user (`control.users()`): no phone, password or raw site access. */
export interface SimBackofficeUser extends Omit<BackofficeUserRecord, 'phone' | 'password' | 'siteAccess'> {
  siteIds: 'all' | number[];
}

export function effectiveSiteIds(tree: SiteTree, access: SiteAccess): number[] {
  if (access.all) return tree.sites.map((s) => s.id).sort((a, b) => a - b);
  const ids = new Set(access.siteIds);
  for (const site of tree.sites) {
    if (access.regionsAll.includes(site.regionId) || access.districtsAll.includes(site.districtId)) ids.add(site.id);
  }
  return [...ids].filter((id) => tree.sites.some((s) => s.id === id)).sort((a, b) => a - b);
}

/** MM/DD/YYYY in UTC, the form's date format. */
export function formDate(d: Date): string {
  const mm = String(d.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(d.getUTCDate()).padStart(2, '0');
  return `${mm}/${dd}/${d.getUTCFullYear()}`;
}

function isoFromFormDate(date: string): string {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(date);
  return m ? `${m[3]}-${m[1]}-${m[2]}` : date;
}

export function toSimEmployee(tree: SiteTree, e: EmployeeRecord): SimEmployee {
  return {
    id: e.id,
    posCredentialId: e.posCredentialId,
    firstName: e.firstName,
    lastName: e.lastName,
    email: e.email,
    phone: e.phone,
    posUserId: e.posUserId,
    posPin: e.posPin,
    isActive: e.isActive,
    departmentIds: [...e.departmentIds].sort((a, b) => a - b),
    siteIds: e.siteAccess.all ? 'all' : effectiveSiteIds(tree, e.siteAccess),
    grants: [...e.grants].sort((a, b) => a - b),
    overrides: [...e.overrides].sort((a, b) => a - b),
    startDate: isoFromFormDate(e.startDate),
    emergencyContactName: e.emergencyContactName,
    emergencyContactPhone: e.emergencyContactPhone,
    adpEmployeeId: e.adpEmployeeId,
    wage: { ...e.wage },
    wageHistory: e.wageHistory.map((w) => ({ ...w, effectiveDate: isoFromFormDate(w.effectiveDate) })),
  };
}

export function toSimUser(tree: SiteTree, u: BackofficeUserRecord): SimBackofficeUser {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    employeeId: u.employeeId,
    active: u.active,
    tokens: [...u.tokens],
    siteIds: u.siteAccess.all ? 'all' : effectiveSiteIds(tree, u.siteAccess),
  };
}

function cloneAccess(a: SiteAccess): SiteAccess {
  return a.all ? { all: true } : { all: false, regionsAll: [...a.regionsAll], districtsAll: [...a.districtsAll], siteIds: [...a.siteIds] };
}

/** Mutable tenant state. `snapshot()`/`restore()` let a fault answer a POST without keeping its effect. */
export class TenantStore {
  employees = new Map<number, EmployeeRecord>();
  users = new Map<number, BackofficeUserRecord>();
  nextEmployeeId = 1;
  nextPosCredentialId = 1;
  nextUserId = 3_312_000;

  constructor(readonly tree: SiteTree) {}

  snapshot(): TenantStore {
    const copy = new TenantStore(this.tree);
    for (const [id, e] of this.employees) {
      copy.employees.set(id, {
        ...e,
        departmentIds: [...e.departmentIds],
        grants: [...e.grants],
        overrides: [...e.overrides],
        siteAccess: cloneAccess(e.siteAccess),
        wage: { ...e.wage },
        wageHistory: e.wageHistory.map((w) => ({ ...w })),
      });
    }
    for (const [id, u] of this.users) copy.users.set(id, { ...u, tokens: [...u.tokens], siteAccess: cloneAccess(u.siteAccess) });
    copy.nextEmployeeId = this.nextEmployeeId;
    copy.nextPosCredentialId = this.nextPosCredentialId;
    copy.nextUserId = this.nextUserId;
    return copy;
  }

  restore(from: TenantStore): void {
    this.employees = from.employees;
    this.users = from.users;
    this.nextEmployeeId = from.nextEmployeeId;
    this.nextPosCredentialId = from.nextPosCredentialId;
    this.nextUserId = from.nextUserId;
  }

  siteById(id: number): Site | undefined {
    return this.tree.sites.find((s) => s.id === id);
  }
}
