// The dry run: every row through the schema, then against the live tenant, read once for the whole file.
import { FALLBACK_TEMPLATE, emailKey, phoneDigits, type EmployeeSummary } from '@washops/backoffice-client';
import { throwIfAborted } from '@washops/client-core';
import type { BulkRowState } from '@washops/store';
import { inputOfCells, maskedCells, schemaIssues, splitSecrets } from './cells.js';
import type { BackofficeReads } from '../connection.js';
import type { BulkCheckReport, BulkCheckedRow, BulkKind, BulkRowIssue, BulkSheet } from './types.js';

/** A row that passed the checks, as it will be written: its input without secrets, and the secrets apart. */
export interface CheckedInput {
  rowNumber: number;
  input: Record<string, unknown>;
  secrets: Record<string, string | number> | null;
}

export interface CheckResult {
  report: BulkCheckReport;
  inputs: CheckedInput[];
}

/** What the same file's run (the newest, whatever its state) knows of each row. */
export interface PreviousRun {
  runId: string;
  states: Map<number, BulkRowState>;
  /** The rows a resume works on: pending, unsettled, half done, or failed with nothing applied. */
  toWork: Set<number>;
}

interface Row {
  rowNumber: number;
  cells: Record<string, string>;
  input: Record<string, unknown>;
  errors: BulkRowIssue[];
  warnings: BulkRowIssue[];
  previous: BulkRowState | undefined;
  /** The run already wrote this row, or may have: its POS id, email, phone and username are its own, not "taken". */
  owned: boolean;
}

const lower = (text: string): string => text.trim().toLowerCase();
/** Phone digits without a leading US country code, as the client compares them. */
const phoneKeyOf = (phone: string): string => {
  const digits = phoneDigits(phone);
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
};

/** Marks every row after the first that repeats a key (POS id, email, …) within the file. */
function flagDuplicates(rows: Row[], field: string, keyOf: (input: Record<string, unknown>) => string | undefined, label: string): void {
  const first = new Map<string, number>();
  for (const row of rows) {
    const key = keyOf(row.input);
    if (key === undefined || key === '') continue;
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, row.rowNumber);
    else row.errors.push({ field, message: `${label} ${String(row.input[field])} is also on row ${earlier}: each must be unique within the file.` });
  }
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined);

function rowsOf(sheet: BulkSheet, previous: PreviousRun | undefined): Row[] {
  const rows = sheet.rows.map((row): Row => {
    const input = inputOfCells(row.cells);
    const state = previous?.states.get(row.rowNumber);
    const owned = state !== undefined && state !== 'pending' && !(state === 'failed' && previous?.toWork.has(row.rowNumber));
    return { rowNumber: row.rowNumber, cells: row.cells, input, errors: schemaIssues(sheet.kind, input), warnings: [], previous: state, owned };
  });
  flagDuplicates(rows, 'posUserId', (input) => text(input['posUserId']), 'POS user id');
  flagDuplicates(rows, 'email', (input) => (typeof input['email'] === 'string' ? emailKey(input['email']) : undefined), 'Email');
  if (sheet.kind === 'create') {
    flagDuplicates(rows, 'phone', (input) => (typeof input['phone'] === 'string' ? phoneKeyOf(input['phone']) : undefined), 'Phone');
    flagDuplicates(rows, 'backofficeUsername', (input) => (input['requiresBackoffice'] === true && typeof input['backofficeUsername'] === 'string' ? lower(input['backofficeUsername']) : undefined), 'Back Office username');
  }
  return rows;
}

const quotedList = (names: string[]): string => names.map((name) => `'${name}'`).join(', ');

function employeeName(employee: EmployeeSummary): string {
  return `employee ${employee.employeeId} (${employee.firstName} ${employee.lastName})`;
}

/** The tenant's facts one hires file is checked against: a handful of reads, whatever the row count. */
async function readTenantForHires(reads: BackofficeReads, rows: Row[], signal: AbortSignal | undefined) {
  const needsBackoffice = rows.some((row) => row.input['requiresBackoffice'] === true);
  const [sites, departments, posTemplates, roster, backofficeTemplates, backofficeUsers] = await Promise.all([
    reads.listSites({ signal }),
    reads.listDepartments({ signal }),
    reads.listPermissions({ scope: 'pos', signal }),
    reads.listEmployees({ active: 'all', refresh: true, signal }),
    needsBackoffice ? reads.listPermissions({ scope: 'backoffice', signal }) : [],
    needsBackoffice ? reads.listBackofficeUsers({ refresh: true, signal }) : [],
  ]);
  return { sites, departments, posTemplates, roster, backofficeTemplates, backofficeUsers };
}

async function checkHires(reads: BackofficeReads, rows: Row[], signal: AbortSignal | undefined): Promise<void> {
  const tenant = await readTenantForHires(reads, rows, signal);
  const siteKeys = new Set(tenant.sites.flatMap((site) => [lower(site.name), ...(site.code ? [lower(site.code)] : [])]));
  const departmentKeys = new Set(tenant.departments.map((department) => lower(department.name)));
  const posTemplates = new Set(tenant.posTemplates.map((template) => lower(template.name)));
  const backofficeTemplates = new Set(tenant.backofficeTemplates.map((template) => lower(template.name)));
  const backofficeUsers = new Set(tenant.backofficeUsers.map((user) => lower(user.username)));
  const byPos = new Map(tenant.roster.filter((e) => e.posUserId !== null).map((e) => [e.posUserId as number, e]));
  const byPhone = new Map(tenant.roster.map((e) => [phoneKeyOf(e.phone), e]));

  for (const row of rows) {
    if (row.errors.length > 0) continue;
    throwIfAborted(signal);
    const input = row.input as {
      availableSites: 'all' | string[];
      departments: string[];
      permission: string;
      posUserId: number;
      phone: string;
      email: string;
      requiresBackoffice?: boolean;
      backofficeUsername?: string;
      backofficePermission?: string;
    };
    if (input.availableSites !== 'all') {
      const unknown = input.availableSites.filter((site) => !siteKeys.has(lower(site)));
      if (unknown.length > 0) {
        row.errors.push({ field: 'availableSites', message: `Unknown site${unknown.length > 1 ? 's' : ''} ${quotedList(unknown)}. Sites: ${quotedList(tenant.sites.map((s) => s.name))}.` });
      }
    }
    const unknownDepartments = input.departments.filter((name) => !departmentKeys.has(lower(name)));
    if (unknownDepartments.length > 0) {
      row.errors.push({ field: 'departments', message: `Unknown department${unknownDepartments.length > 1 ? 's' : ''} ${quotedList(unknownDepartments)}. Departments: ${quotedList(tenant.departments.map((d) => d.name))}.` });
    }
    if (!posTemplates.has(lower(input.permission))) {
      if (posTemplates.has(lower(FALLBACK_TEMPLATE))) {
        row.warnings.push({ field: 'permission', message: `There is no POS template '${input.permission}' on this tenant: '${FALLBACK_TEMPLATE}' will be applied instead.` });
      } else {
        row.errors.push({ field: 'permission', message: `There is no POS template '${input.permission}' on this tenant, nor '${FALLBACK_TEMPLATE}' to fall back to.` });
      }
    }
    if (input.requiresBackoffice) {
      const username = input.backofficeUsername ?? '';
      if (!row.owned && backofficeUsers.has(lower(username))) row.errors.push({ field: 'backofficeUsername', message: `Back Office username '${username}' is already taken on this tenant.` });
      if (input.backofficePermission !== undefined) {
        if (!backofficeTemplates.has(lower(input.backofficePermission))) {
          row.errors.push({ field: 'backofficePermission', message: `There is no Back Office template '${input.backofficePermission}' on this tenant.` });
        }
      } else if (!backofficeTemplates.has(lower(input.permission))) {
        row.warnings.push({ field: 'permission', message: `There is no Back Office template '${input.permission}': the Back Office user will be created without a template or sites.` });
      }
    }
    if (row.owned) continue;
    const posOwner = byPos.get(input.posUserId);
    if (posOwner) row.errors.push({ field: 'posUserId', message: `POS user id ${input.posUserId} is already used by ${employeeName(posOwner)}.` });
    const phoneOwner = byPhone.get(phoneKeyOf(input.phone));
    if (phoneOwner) row.errors.push({ field: 'phone', message: `Phone ${input.phone} is already used by ${employeeName(phoneOwner)}.` });
    // The index the roster call just refreshed: no request per row.
    if (!(await reads.isEmailAvailable(input.email, { signal }))) row.errors.push({ field: 'email', message: `Email ${input.email} is already used by an employee on this tenant.` });
  }
}

async function checkLeavers(reads: BackofficeReads, rows: Row[], signal: AbortSignal | undefined): Promise<void> {
  const roster = await reads.listEmployees({ active: 'all', refresh: true, signal });
  const byPos = new Map(roster.filter((e) => e.posUserId !== null).map((e) => [e.posUserId as number, e]));
  for (const row of rows) {
    if (row.errors.length > 0 || row.owned) continue;
    throwIfAborted(signal);
    const posUserId = row.input['posUserId'];
    const email = row.input['email'];
    if (typeof posUserId === 'number') {
      const employee = byPos.get(posUserId);
      if (!employee) row.errors.push({ field: 'posUserId', message: `No employee has POS user id ${posUserId}.` });
      else if (!employee.active) row.warnings.push({ field: 'posUserId', message: `${employeeName(employee)} is already inactive: nothing to do, the run counts it done.` });
    } else if (typeof email === 'string' && (await reads.isEmailAvailable(email, { signal }))) {
      row.errors.push({ field: 'email', message: `No employee has email ${email}.` });
    }
  }
}

/** The dry run: writes nothing. `previous`: the same file's run, whose own creations are not "taken". */
export async function checkSheet(reads: BackofficeReads, sheet: BulkSheet, previous: PreviousRun | undefined, signal?: AbortSignal): Promise<CheckResult> {
  throwIfAborted(signal);
  const rows = rowsOf(sheet, previous);
  if (rows.some((row) => row.errors.length === 0)) {
    if (sheet.kind === 'create') await checkHires(reads, rows, signal);
    else await checkLeavers(reads, rows, signal);
  }
  const checked = rows.map(
    (row): BulkCheckedRow => ({
      rowNumber: row.rowNumber,
      status: row.errors.length > 0 ? 'error' : row.warnings.length > 0 ? 'warning' : 'ok',
      errors: row.errors,
      warnings: row.warnings,
      cells: maskedCells(row.cells),
      ...(row.previous ? { previous: row.previous } : {}),
    }),
  );
  const counts = { total: checked.length, ok: 0, warning: 0, error: 0 };
  for (const row of checked) counts[row.status]++;
  const report: BulkCheckReport = { kind: sheet.kind as BulkKind, fileName: sheet.fileName, fileHash: sheet.fileHash, columns: sheet.columns, rows: checked, counts };
  if (previous) {
    const done = [...previous.states.values()].filter((state) => state === 'done').length;
    report.resumes = { runId: previous.runId, done, remaining: previous.toWork.size };
  }
  const inputs = rows.map((row) => ({ rowNumber: row.rowNumber, ...splitSecrets(row.input) }));
  return { report, inputs };
}
