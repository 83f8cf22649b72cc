import { formatCents, overtimeCents, parseInput, withoutUndefined } from '@washops/client-core';
import { BackofficeServerError, DuplicateError, LookupError, NotFoundError, ValidationError, WashOpsError, registerSecret } from '@washops/shared-errors';
import { emailKey, phoneKey } from '../normalize.js';
import type { CreateFormInfo, CreateFormSite } from '../pages/employee-create.js';
import { parseEmployeeEditPage } from '../pages/employee-edit.js';
import type { EmployeePermissionsPage, PosTemplate } from '../pages/employee-permissions.js';
import { formatFormDate, type FormPair } from '../pages/form.js';
import { requireWholeForm } from '../pages/page.js';
import { createEmployeeInputSchema, type CreateEmployeeInput, type CreateEmployeeParsed, type EmployeeCreated } from '../schemas.js';
import { generatePassword, generatePin } from '../secrets.js';
import type { EmployeeIndex } from '../tenant/tenant-cache.js';
import { WRITE_PLANS, type OperationContext } from './context.js';
import { applyAndConfirmBackofficeTemplate, knownBackofficeTemplates, requireBackofficeTemplate } from './apply-backoffice-template.js';
import { insertAndConfirmBackofficeUser, templateNotApplied } from './create-backoffice-user.js';
import { findEmployeeIdByPosUserId } from './find-employee.js';
import { partialFailure } from './partial-failure.js';
import { applyAndConfirmPermissions } from './pos-permission-matrix.js';
import { encodeSites, resolveSites, sameSites } from './site-encoding.js';
import { findTemplateByName } from './template-name.js';

export const FALLBACK_TEMPLATE = 'General User';
/** A new employee's permissions page has no box checked (the captured page of a just-inserted employee). */
const NEW_EMPLOYEE_PERMISSIONS = { granted: [], overridden: [] };
const NEW_EMPLOYEE_LOCATION = /^\/employee\/(?:permissions|edit|compensation)\/(\d+)(?:[?#]|$)/;

/** The steps of README "Create an employee": no step is reported done before a read confirms it. */
export async function createEmployee(ctx: OperationContext, raw: CreateEmployeeInput): Promise<EmployeeCreated> {
  const input = parseInput(createEmployeeInputSchema, raw);
  if (input.backofficePassword) registerSecret(input.backofficePassword);
  const warnings: string[] = [];

  // The index first, so the POS template fill can take an employee id from it instead of a request of its own.
  const indexPromise = ctx.employeeIndex({ maxAgeMs: ctx.tenant.indexMaxAgeMs });
  const [index, form, permissions, backofficeTemplate] = await Promise.all([
    indexPromise,
    ctx.createForm(),
    ctx.posPermissions(),
    input.requiresBackoffice ? linkedUserTemplate(ctx, input) : undefined,
  ]);

  checkDuplicates(input, index);
  const template = resolveTemplate(permissions, input.permission, warnings);
  const all = input.availableSites === 'all';
  const sites = resolveSites(form, input.availableSites);
  const wageSite = sites[0];
  if (!wageSite) throw new ValidationError('The tenant has no site an employee could work at');
  const departmentIds = resolveDepartments(form.departments, input.departments);

  const posPin = input.posPin ?? generatePin();
  const overtime = input.overtimeWageRate ?? overtimeCents(input.wageRate);
  const body: FormPair[] = [
    ['employee[firstName]', input.firstName],
    ['employee[lastName]', input.lastName],
    ['employee[phone]', input.phone],
    ['employee[email]', input.email],
    ...departmentIds.map((id): FormPair => ['employee[departments][]', String(id)]),
    ['employee[startDate]', formatFormDate(input.startDate)],
    ...encodeSites(form, sites, all),
    ['posCredential[POSLoginID]', String(input.posUserId)],
    ['posCredential[POSLoginPassword]', String(posPin)],
  ];
  if (input.emergencyContactName) body.push(['employee[emergencyContactName]', input.emergencyContactName]);
  if (input.emergencyContactPhone) body.push(['employee[emergencyContactPhone]', input.emergencyContactPhone]);
  if (input.payrollEmployeeId) body.push(['employee[adpEmployeeId]', input.payrollEmployeeId]);
  body.push(
    ['wage[isHourly]', '1'],
    ['wage[regularRate]', formatCents(input.wageRate)],
    ['wage[isOvertimeEligible]', '1'],
    ['wage[overtimeRate]', formatCents(overtime)],
    ['wage[siteId]', String(wageSite.id)],
  );

  const steps = WRITE_PLANS.createEmployee(input.requiresBackoffice);
  const employeeId = await insertEmployee(ctx, body, input, steps);
  const completed = ['insertEmployee'];
  const remaining = (): string[] => steps.filter((s) => !completed.includes(s));
  const report = (step: string, userId?: number) =>
    ctx.reportStep(withoutUndefined({ step, done: completed, remaining: remaining(), employeeId, posUserId: input.posUserId, userId }));
  // Before the read-back and the permissions step: a process that dies from here on leaves the id on record.
  await report('insertEmployee');

  const readBack = await ctx.getPage(`/employee/edit/${employeeId}`).catch((error: unknown) => {
    if (error instanceof NotFoundError) {
      // The server answered the insert as a success, yet the employee is not there: nothing was created.
      throw new BackofficeServerError(
        `POST /employee/insert answered with employee ${employeeId}, but that employee does not exist: the insert was not applied. Nothing was created; it is safe to try again.`,
        { cause: error, details: { employeeId, applied: false, completedSteps: [], remainingSteps: steps } },
      );
    }
    throw partialFailure(employeeId, [...completed], remaining(), error);
  });
  try {
    verifyStoredSites(employeeId, readBack, form, sites, all);
    completed.push('verifySites');
    await report('verifySites');

    await applyAndConfirmPermissions(ctx, employeeId, template, permissions, NEW_EMPLOYEE_PERMISSIONS);
    completed.push('applyPermissions');
    await report('applyPermissions');

    let backofficeUser: EmployeeCreated['backofficeUser'];
    if (input.requiresBackoffice && input.backofficeUsername) {
      const generated = input.backofficePassword ? undefined : generatePassword();
      if (generated) registerSecret(generated);
      const password = input.backofficePassword ?? (generated as string);
      const { userId, page } = await insertAndConfirmBackofficeUser(ctx, { employeeId }, { email: input.email, username: input.backofficeUsername, password });
      // No template to give: the step leaves what remains, never reported done.
      if (backofficeTemplate === null) steps.splice(steps.indexOf('applyBackofficeTemplate'), 1);
      completed.push('createBackofficeUser');
      await report('createBackofficeUser', userId);
      backofficeUser = withoutUndefined({ userId, username: input.backofficeUsername, generatedPassword: generated });
      if (backofficeTemplate === null) {
        warnings.push(
          `There is no Back Office template '${input.permission}' on this tenant: Back Office user '${input.backofficeUsername}' was created without a template or sites; assign them in the Back Office user list (/user, shield icon).`,
        );
      } else {
        // The linked user gets the employee's sites with its template, through the same step createBackofficeUser takes.
        await applyAndConfirmBackofficeTemplate(ctx, userId, backofficeTemplate ?? input.permission, { newUserSites: { all, sites }, page }).catch((error: unknown) => {
          throw templateNotApplied({ userId, username: input.backofficeUsername as string }, error);
        });
        completed.push('applyBackofficeTemplate');
        await report('applyBackofficeTemplate', userId);
      }
    }
    return withoutUndefined<EmployeeCreated>({
      employeeId,
      posUserId: input.posUserId,
      posPin,
      permission: template.name,
      wageSite: wageSite.name,
      backofficeUser,
      warnings,
    });
  } catch (error) {
    throw partialFailure(employeeId, [...completed], remaining(), error);
  }
}

/** The read-back of a new employee must be a whole edit form whose stored sites are the ones asked for. */
function verifyStoredSites(employeeId: number, html: string, form: CreateFormInfo, sites: CreateFormSite[], all: boolean): void {
  const page = parseEmployeeEditPage(html);
  requireWholeForm('employee-edit', page.gaps);
  if (sameSites(form, sites, all, page.storedSites)) return;
  const expected = all ? 'all' : sites.map((s) => s.id);
  throw new BackofficeServerError(
    `Site access verification failed for employee ${employeeId}: expected ${JSON.stringify(expected)}, stored ${JSON.stringify(page.storedSites)}; the permission template was not applied`,
    { details: { expectedSites: expected, storedSites: page.storedSites } },
  );
}

/**
 * `POST /employee/insert` → the new employee's id. A lost answer is settled by the roster filtered to the
 * POS user id (unique): found is inserted, missing is not; only when that read fails is it unknown.
 */
async function insertEmployee(ctx: OperationContext, body: FormPair[], input: CreateEmployeeParsed, steps: string[]): Promise<number> {
  const { posUserId } = input;
  let inserted = false;
  try {
    const { match } = await ctx.postForm('/employee/insert', body, NEW_EMPLOYEE_LOCATION);
    const employeeId = Number(match[1]);
    inserted = true;
    // Known from the answer: the next create's duplicate check sees it without reading the roster again.
    ctx.tenant.afterInsert({ employeeId, firstName: input.firstName, lastName: input.lastName, posUserId, phone: input.phone, email: input.email });
    return employeeId;
  } catch (error) {
    // The server may know an employee the index does not (a refusal, a lost answer): the next check reads the server.
    ctx.afterWrite();
    if (!(error instanceof WashOpsError && error.details['mayHaveBeenProcessed'] === true)) throw error;
    const found = await findEmployeeIdByPosUserId(ctx, posUserId).then(
      (id): number | null => id,
      (readError: unknown) => {
        if (readError instanceof NotFoundError) return null;
        const Class = error.constructor as typeof WashOpsError;
        throw new Class(
          `${error.message}. Whether employee POS user id ${posUserId} was created is unknown: check isPosUserIdAvailable(${posUserId}, { refresh: true }) before trying again.`,
          { cause: error, status: error.status, details: { ...error.details, posUserId, completedSteps: [], unverifiedSteps: ['insertEmployee'], remainingSteps: steps.slice(1) } },
        );
      },
    );
    if (found !== null) return found;
    throw new BackofficeServerError(
      `${error.message}. The roster shows no employee with POS user id ${posUserId}: the insert was not applied, and nothing was created.`,
      { cause: error, status: error.status, details: { posUserId, applied: false, completedSteps: [], remainingSteps: steps } },
    );
  } finally {
    if (!inserted) ctx.afterWrite();
  }
}

function checkDuplicates(input: CreateEmployeeParsed, index: EmployeeIndex): void {
  const byPos = index.byPosUserId.get(input.posUserId);
  if (byPos) {
    throw new DuplicateError(`POS user id ${input.posUserId} is already used by employee ${byPos.employeeId} (${byPos.firstName} ${byPos.lastName})`, {
      details: { field: 'posUserId', value: input.posUserId, employeeId: byPos.employeeId },
    });
  }
  const byEmail = index.emails.get(emailKey(input.email));
  if (byEmail !== undefined) {
    throw new DuplicateError(`Email ${input.email} is already used by employee ${byEmail}`, {
      details: { field: 'email', value: input.email, employeeId: byEmail },
    });
  }
  const byPhone = index.byPhone.get(phoneKey(input.phone));
  if (byPhone) {
    throw new DuplicateError(`Phone ${input.phone} is already used by employee ${byPhone.employeeId} (${byPhone.firstName} ${byPhone.lastName})`, {
      details: { field: 'phone', value: input.phone, employeeId: byPhone.employeeId },
    });
  }
}

export function resolveTemplate(page: EmployeePermissionsPage, requested: string, warnings: string[]): PosTemplate {
  const exact = findTemplateByName(page.templates, requested);
  if (exact) return exact;
  const fallback = findTemplateByName(page.templates, FALLBACK_TEMPLATE);
  if (!fallback) {
    throw new ValidationError(
      `Permission template '${requested}' does not exist on this tenant, and there is no '${FALLBACK_TEMPLATE}' to fall back to. Templates: ${page.templates.map((t) => t.name).join(', ')}`,
      { details: { field: 'permission', templates: page.templates.map((t) => t.name) } },
    );
  }
  warnings.push(`Permission template '${requested}' was not found on this tenant; '${fallback.name}' was applied instead.`);
  return fallback;
}

/**
 * The linked user's Back Office template, checked before any POST: `backofficePermission` when given (unknown
 * is NotFoundError), else the one named like the POS template, or null (no template step) when the tenant has
 * none of that name. A tenant without any user yet cannot tell: the new user's own page decides after the insert.
 */
async function linkedUserTemplate(ctx: OperationContext, input: CreateEmployeeParsed): Promise<string | null | undefined> {
  const templates = await knownBackofficeTemplates(ctx);
  if (input.backofficePermission !== undefined) return templates ? requireBackofficeTemplate(templates, input.backofficePermission).name : input.backofficePermission;
  if (!templates) return undefined;
  return findTemplateByName(templates, input.permission)?.name ?? null;
}

export function resolveDepartments(known: Array<{ id: number; name: string }>, requested: string[]): number[] {
  const ids: number[] = [];
  const unknown: string[] = [];
  for (const name of requested) {
    const department = known.find((d) => d.name.toLowerCase() === name.trim().toLowerCase());
    if (!department) unknown.push(name);
    else if (!ids.includes(department.id)) ids.push(department.id);
  }
  if (unknown.length > 0) {
    throw new LookupError(`Unknown department${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => `'${n}'`).join(', ')}. Known departments: ${known.map((d) => d.name).join(', ')}`, {
      details: { field: 'departments', unknown, known: known.map((d) => d.name) },
    });
  }
  if (ids.length === 0) {
    throw new ValidationError(`At least one department is required. Known departments: ${known.map((d) => d.name).join(', ')}`, {
      details: { field: 'departments', known: known.map((d) => d.name) },
    });
  }
  return ids;
}
