// One row of a run: its write, and on a resume, settling an unknown outcome by a read and completing what is missing.
import {
  FALLBACK_TEMPLATE,
  generatePassword,
  generatePin,
  type CreateEmployeeInput,
  type DisableEmployeeInput,
  type EmployeeCreated,
} from '@washops/backoffice-client';
import { csvSafeText } from '@washops/client-core';
import { DuplicateError, NotFoundError, registerSecret, toPublicError, toWashOpsError, type WashOpsError } from '@washops/shared-errors';
import type { BulkRowError, BulkRowRecord, BulkRowState, Store } from '@washops/store';
import type { BackofficeReads } from '../connection.js';
import type { ActorOperations } from '../operations.js';

export interface RowWork {
  store: Store;
  runId: string;
  holderId: string;
  writes: ActorOperations;
  reads: BackofficeReads;
}

type Secrets = Record<string, string | number>;

const STEP_DETAILS = ['employeeId', 'completedSteps', 'unverifiedSteps', 'remainingSteps', 'applied', 'failedStep'] as const;

/** What the store keeps of an error: its public code and message, its field, the steps it sorted. */
export function rowErrorOf(error: unknown, extra: Record<string, unknown> = {}): BulkRowError {
  const typed = toWashOpsError(error);
  const { code, message } = toPublicError(typed);
  const details: Record<string, unknown> = {};
  for (const key of STEP_DETAILS) if (typed.details[key] !== undefined) details[key] = typed.details[key];
  const field = typed.details['field'];
  return { code, message, ...(typeof field === 'string' ? { field } : {}), details: { ...details, ...extra } };
}

/** The request may have taken effect: its answer was lost or its read-back could not tell. */
function mayHaveBeenApplied(error: WashOpsError): boolean {
  if (error.details['applied'] === false) return false;
  return error.details['mayHaveBeenProcessed'] === true || error.details['verified'] === false;
}

/**
 * The employee a failed create made: only a partial failure whose completed steps include the insert. A duplicate's
 * `employeeId` names the existing owner, and a refused insert's names nobody: neither is this row's employee.
 */
const insertedEmployeeIdOf = (error: WashOpsError): number | undefined => {
  const id = error.details['employeeId'];
  const completed = error.details['completedSteps'];
  if (!Array.isArray(completed) || !completed.includes('insertEmployee')) return undefined;
  return typeof id === 'number' && Number.isInteger(id) ? id : undefined;
};

/** A failed row is tried again on a resume only when its error says nothing was applied. */
export function isRetryable(row: BulkRowRecord): boolean {
  return row.state === 'failed' && row.error?.details?.['applied'] === false;
}

const sameName = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Each returns whether this process worked the row (false: another claim got it first, or its outcome is still unknown). */
export async function workDisable(work: RowWork, row: BulkRowRecord): Promise<boolean> {
  if (!(await work.store.bulkRuns.startRow(work.runId, row.rowNumber, { holderId: work.holderId, from: [row.state], secrets: null }))) return false;
  try {
    const result = await work.writes.disableEmployee(row.input as DisableEmployeeInput);
    await work.store.bulkRuns.endRow(work.runId, row.rowNumber, { state: 'done', employeeId: result.employeeId, outcome: { warnings: result.warnings } });
  } catch (error) {
    // disableEmployee reads the form before posting and leaves an inactive employee alone: trying again is safe.
    await work.store.bulkRuns.endRow(work.runId, row.rowNumber, { state: 'failed', error: rowErrorOf(error, { applied: false }) });
  }
  return true;
}

/** A generated password a spreadsheet shows as it is: one beginning like a formula would be changed by the results file's guard. */
export function spreadsheetSafePassword(): string {
  for (;;) {
    const password = generatePassword();
    if (csvSafeText(password) === password) return password;
  }
}

/** The secrets a create row writes with: those the file gave, else made now, before the write. */
function secretsFor(input: Record<string, unknown>, kept: Secrets | undefined): Secrets {
  const secrets: Secrets = { ...kept };
  secrets['posPin'] ??= generatePin();
  if (input['requiresBackoffice'] === true) secrets['backofficePassword'] ??= spreadsheetSafePassword();
  if (typeof secrets['backofficePassword'] === 'string') registerSecret(secrets['backofficePassword']);
  return secrets;
}

function createdOutcome(result: EmployeeCreated): Record<string, unknown> {
  return {
    permission: result.permission,
    warnings: result.warnings,
    ...(result.backofficeUser ? { backofficeUsername: result.backofficeUser.username, backofficeUserId: result.backofficeUser.userId } : {}),
  };
}

/** A create row from `pending` (or a retryable `failed`, or a `running` row a read showed was never inserted). */
export async function workCreate(work: RowWork, row: BulkRowRecord, kept: Secrets | undefined): Promise<boolean> {
  if (row.state === 'partial') return completeCreate(work, row, row.employeeId, kept);
  if (row.state === 'running') return settleCreate(work, row, kept, true);
  const secrets = secretsFor(row.input, kept);
  if (!(await work.store.bulkRuns.startRow(work.runId, row.rowNumber, { holderId: work.holderId, from: [row.state], secrets }))) return false;
  return insert(work, row, secrets);
}

async function insert(work: RowWork, row: BulkRowRecord, secrets: Secrets): Promise<boolean> {
  const end = async (state: 'done' | 'partial' | 'failed', values: Omit<Parameters<Store['bulkRuns']['endRow']>[2], 'state'>) => {
    await work.store.bulkRuns.endRow(work.runId, row.rowNumber, { state, ...values });
    return true;
  };
  try {
    const result = await work.writes.createEmployee({ ...(row.input as CreateEmployeeInput), ...secrets } as CreateEmployeeInput);
    return await end('done', { employeeId: result.employeeId, outcome: createdOutcome(result) });
  } catch (error) {
    const typed = toWashOpsError(error);
    const employeeId = insertedEmployeeIdOf(typed);
    if (employeeId !== undefined) return end('partial', { employeeId, error: rowErrorOf(typed) });
    // The POS id is taken: by this row's own earlier insert (a takeover while it landed) or by someone else. A read decides.
    if (typed instanceof DuplicateError && typed.field === 'posUserId') return settleCreate(work, { ...row, state: 'running' }, secrets, false);
    if (mayHaveBeenApplied(typed)) {
      // Whether the insert landed is unknown: the row stays `running` and is settled by a read.
      return settleCreate(work, { ...row, state: 'running' }, secrets, false);
    }
    return end('failed', { error: rowErrorOf(typed, { applied: false }) });
  }
}

/** A write started and its outcome is unknown: the roster by POS user id says whether the employee exists. Never a second insert. */
async function settleCreate(work: RowWork, row: BulkRowRecord, kept: Secrets | undefined, mayInsert: boolean): Promise<boolean> {
  const posUserId = row.input['posUserId'] as number;
  let found: { employeeId: number; firstName: string; lastName: string } | null;
  try {
    found = await work.reads.getEmployee({ posUserId });
  } catch (error) {
    if (!(error instanceof NotFoundError)) {
      // Still unknown: the row stays `running` for the next resume to settle.
      return false;
    }
    found = null;
  }
  if (found === null && !mayInsert) {
    const error = { code: 'BACKOFFICE_SERVER_ERROR', message: `The insert of POS user id ${posUserId} got no answer, and the roster shows no such employee: nothing was created. It is tried again on a resume.` };
    await work.store.bulkRuns.endRow(work.runId, row.rowNumber, { state: 'failed', error: { ...error, details: { applied: false } } });
    return true;
  }
  if (found === null) {
    const secrets = secretsFor(row.input, kept);
    if (!(await work.store.bulkRuns.startRow(work.runId, row.rowNumber, { holderId: work.holderId, from: ['running'], secrets }))) return false;
    return insert(work, row, secrets);
  }
  const { firstName, lastName } = row.input as { firstName: string; lastName: string };
  if (!sameName(found.firstName, firstName) || !sameName(found.lastName, lastName)) {
    await work.store.bulkRuns.endRow(work.runId, row.rowNumber, {
      state: 'failed',
      error: {
        code: 'DUPLICATE_ERROR',
        message: `POS user id ${posUserId} belongs to employee ${found.employeeId} (${found.firstName} ${found.lastName}), not ${firstName} ${lastName}: it is not taken as this row's employee. Check it in the BackOffice.`,
        field: 'posUserId',
        details: { employeeId: found.employeeId },
      },
    });
    return true;
  }
  return completeCreate(work, { ...row, state: 'running' }, found.employeeId, kept);
}

/** The linked user's Back Office template: the one asked for, else the one named like the POS template, else none. */
async function backofficeTemplateFor(reads: BackofficeReads, input: Record<string, unknown>): Promise<string | null> {
  if (typeof input['backofficePermission'] === 'string') return input['backofficePermission'];
  const templates = await reads.listPermissions({ scope: 'backoffice' });
  const wanted = String(input['permission']).trim().toLowerCase();
  return templates.find((t) => t.name.toLowerCase() === wanted)?.name ?? null;
}

/** The POS template createEmployee applies: the one asked for, else the fallback. */
async function posTemplateFor(reads: BackofficeReads, input: Record<string, unknown>): Promise<string> {
  const templates = await reads.listPermissions({ scope: 'pos' });
  const wanted = String(input['permission']).trim().toLowerCase();
  return templates.find((t) => t.name.toLowerCase() === wanted)?.name ?? FALLBACK_TEMPLATE;
}

/**
 * The employee exists; the steps after the insert are done here, each only after a read shows it missing: the POS
 * template, the linked Back Office user (with the row's own password) and its template. What fails is reported.
 */
async function completeCreate(work: RowWork, row: BulkRowRecord, employeeId: number | null, kept: Secrets | undefined): Promise<boolean> {
  if (employeeId === null) return settleCreate(work, { ...row, state: 'running' }, kept, false);
  const secrets = secretsFor(row.input, kept);
  if (!(await work.store.bulkRuns.startRow(work.runId, row.rowNumber, { holderId: work.holderId, from: [row.state], secrets }))) return false;
  const input = row.input;
  const left = new Set<string>([...((row.error?.details?.['remainingSteps'] as string[] | undefined) ?? []), ...((row.error?.details?.['unverifiedSteps'] as string[] | undefined) ?? [])]);
  const warnings: string[] = [];
  const done: string[] = ['insertEmployee'];
  try {
    const template = await posTemplateFor(work.reads, input);
    const employee = await work.reads.getEmployee({ employeeId });
    const { firstName, lastName, posUserId } = input as { firstName: string; lastName: string; posUserId: number };
    if (employee.posUserId !== posUserId || !sameName(employee.firstName, firstName) || !sameName(employee.lastName, lastName)) {
      // Never finish someone else's record: only the employee this row made (its POS id and name) is completed.
      await work.store.bulkRuns.endRow(work.runId, row.rowNumber, {
        state: 'failed',
        error: {
          code: 'DUPLICATE_ERROR',
          message: `Employee ${employeeId} (${employee.firstName} ${employee.lastName}, POS user id ${String(employee.posUserId)}) is not this row's ${firstName} ${lastName} with POS user id ${posUserId}: it was left alone. Check it in the BackOffice.`,
          field: 'posUserId',
          details: { employeeId },
        },
      });
      return true;
    }
    if (!sameName(employee.permission.template, template)) await work.writes.setEmployeePermission({ employeeId }, template);
    done.push('applyPermissions');
    let backofficeUsername: string | undefined;
    if (input['requiresBackoffice'] === true) {
      backofficeUsername = String(input['backofficeUsername']);
      const backofficeTemplate = await backofficeTemplateFor(work.reads, input);
      const users = await work.reads.listBackofficeUsers({ refresh: true });
      const user = users.find((u) => sameName(u.username, backofficeUsername as string));
      if (!user) {
        await work.writes.createBackofficeUser({
          username: backofficeUsername,
          email: String(input['email']),
          permission: backofficeTemplate ?? template,
          password: String(secrets['backofficePassword']),
          linkToEmployeePosUserId: input['posUserId'] as number,
          applyTemplate: backofficeTemplate !== null,
        });
      } else if (backofficeTemplate !== null && (left.has('applyBackofficeTemplate') || left.has('createBackofficeUser'))) {
        await work.writes.applyBackofficeTemplate({ username: user.username }, backofficeTemplate);
      }
      if (backofficeTemplate === null) warnings.push(`There is no Back Office template '${String(input['permission'])}': Back Office user '${backofficeUsername}' has no template or sites; assign them in the Back Office.`);
      done.push('createBackofficeUser');
    }
    if (left.has('verifySites')) warnings.push(`The sites of employee ${employeeId} were not verified after the insert: check them in the BackOffice.`);
    const outcome = { permission: template, warnings, completedOnResume: true, ...(backofficeUsername ? { backofficeUsername } : {}) };
    await work.store.bulkRuns.endRow(work.runId, row.rowNumber, { state: 'done', employeeId, outcome });
  } catch (error) {
    await work.store.bulkRuns.endRow(work.runId, row.rowNumber, { state: 'partial', employeeId, error: rowErrorOf(error, { employeeId, completedSteps: done }) });
  }
  return true;
}

/** The states a resume works on, in the order it takes them: unknown outcomes and half-done rows first. */
export function resumeOrder(state: BulkRowState): number {
  return state === 'running' ? 0 : state === 'partial' ? 1 : 2;
}
