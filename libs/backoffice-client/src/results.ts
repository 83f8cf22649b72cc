// What the client's calls return: plain types, and the wage-history rules the portal shares (browser-safe).
import type { EmployeeChangeField } from './schemas.js';

export interface Site {
  id: number;
  /** Long name, as the site tree shows it. */
  name: string;
  /** Short code, as the roster shows it; null when the tenant's form does not list one. */
  code: string | null;
  regionId: number | null;
  regionName: string | null;
  districtId: number | null;
  districtName: string | null;
}

export interface Department {
  id: number;
  name: string;
}

export interface PosPermissionTemplate {
  scope: 'pos';
  id: number;
  name: string;
  /** POS permission ids the template grants. */
  grants: number[];
  /** POS permission ids that require a manager's approval. */
  overrides: number[];
}

export interface BackofficePermissionTemplate {
  scope: 'backoffice';
  id: number;
  name: string;
}

export type Permission = PosPermissionTemplate | BackofficePermissionTemplate;

export interface EmployeeSummary {
  employeeId: number;
  firstName: string;
  lastName: string;
  posUserId: number | null;
  phone: string;
  siteCodes: string[];
  departments: string[];
  access: string;
  wageType: string;
  active: boolean;
}

export interface EmployeeCreated {
  employeeId: number;
  posUserId: number;
  posPin: number;
  /** The POS template applied (after a fallback, `General User`). */
  permission: string;
  /** Long name of the wage attribution site. */
  wageSite: string;
  backofficeUser?: { userId: number; username: string; generatedPassword?: string };
  warnings: string[];
}

export interface EmployeeDisabled {
  employeeId: number;
  posUserId?: number;
  email?: string;
  /** UTC ISO timestamp. */
  disabledAt: string;
  warnings: string[];
}

export interface BackofficeUserCreated {
  userId: number;
  username: string;
  email: string;
  mode: 'linked' | 'standalone';
  employeeId?: number;
  permission: string;
  availableSites: 'all' | string[];
  /** True once the template and sites were applied and read back; false when not asked or when that step failed. */
  templateApplied: boolean;
  generatedPassword?: string;
  warnings: string[];
}

/** A calendar day as `YYYY-MM-DD`. */
export type IsoDate = string;

/** The edit page, read in full. */
export interface EmployeeProfile {
  employeeId: number;
  posUserId: number | null;
  firstName: string;
  lastName: string;
  /** As stored (the form keeps what was typed, e.g. `(555) 010-0001`). */
  phone: string;
  email: string;
  /** Department names. */
  departments: string[];
  /** Null when the page shows none. */
  startDate: IsoDate | null;
  active: boolean;
  /** Long site names, or `'all'` when every region is allowed. */
  availableSites: 'all' | string[];
  emergencyContactName: string;
  emergencyContactPhone: string;
  payrollEmployeeId: string;
}

/** One row of the compensation history. Money in integer cents. */
export interface WageRecord {
  wageType: 'hourly' | 'salary';
  /** Per hour (hourly) as the history shows it. */
  regularRateCents: number;
  overtimeEligible: boolean;
  overtimeRateCents: number | null;
  effectiveDate: IsoDate;
  /** Null for the current record. */
  endDate: IsoDate | null;
}

/** The current wage: the record without an end date, else the newest by effective date. */
export function currentWage(history: readonly WageRecord[]): WageRecord | undefined {
  const open = history.find((w) => w.endDate === null);
  if (open) return open;
  return history.reduce<WageRecord | undefined>((newest, w) => (newest === undefined || w.effectiveDate > newest.effectiveDate ? w : newest), undefined);
}

/** The latest effective date in the history, or null without any record. */
export function latestEffectiveDate(history: readonly WageRecord[]): IsoDate | null {
  return history.reduce<IsoDate | null>((latest, w) => (latest === null || w.effectiveDate > latest ? w.effectiveDate : latest), null);
}

/**
 * The earliest effective date the BackOffice applies: the day after the latest record's (it silently
 * ignores an earlier one, protocol §2.5). Null without any record.
 */
export function earliestEffectiveDate(history: readonly WageRecord[]): IsoDate | null {
  const latest = latestEffectiveDate(history);
  if (latest === null) return null;
  const next = new Date(`${latest}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** The employee's POS permission: the template whose grants match exactly, or custom. */
export interface EmployeePermission {
  custom: boolean;
  templateId: number | null;
  /** The template's name, or `'custom'`. */
  template: string;
  /** POS permission ids granted (checked). */
  grants: number[];
  overrides: number[];
}

export interface Employee extends EmployeeProfile {
  /** Newest first; the current record has no end date. */
  compensation: WageRecord[];
  permission: EmployeePermission;
}

export interface EmployeeUpdated {
  employeeId: number;
  posUserId: number | null;
  /** The fields whose stored value changed, each verified by a read-back (a PIN is named, never shown). */
  changed: EmployeeChangeField[];
  /** Fields given with the value they already had. */
  unchanged: EmployeeChangeField[];
  warnings: string[];
}

export interface EmployeeReactivated {
  employeeId: number;
  posUserId: number | null;
  /** UTC ISO timestamp. */
  reactivatedAt: string;
  warnings: string[];
}

export interface WageSet {
  employeeId: number;
  posUserId: number | null;
  /** The new record as read back from the history. */
  wage: WageRecord;
  warnings: string[];
}

export interface EmployeePermissionSet {
  employeeId: number;
  posUserId: number | null;
  templateId: number;
  template: string;
  warnings: string[];
}

export interface BackofficeUser {
  userId: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  active: boolean;
}

export interface BackofficeTemplateApplied {
  userId: number;
  username: string;
  templateId: number;
  template: string;
  /** The sites kept as they were: `'all'` or long site names. */
  accessibleSites: 'all' | string[];
  warnings: string[];
}
