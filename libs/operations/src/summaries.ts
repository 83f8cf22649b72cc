// What a finished event records of each result: ids, names and warnings, never a PIN or a password.
import type {
  BackofficeTemplateApplied,
  BackofficeUserCreated,
  EmployeeCreated,
  EmployeeDisabled,
  EmployeePermissionSet,
  EmployeeReactivated,
  EmployeeUpdated,
  WageSet,
} from '@washops/backoffice-client';
import { withoutUndefined } from '@washops/client-core';
import type { AuditTarget, PortalUserRecord, UserChange } from '@washops/store';

export interface RecordedOutcome {
  summary: Record<string, unknown>;
  target?: AuditTarget;
}

export function employeeCreatedOutcome(result: EmployeeCreated): RecordedOutcome {
  const backofficeUser = result.backofficeUser ? { userId: result.backofficeUser.userId, username: result.backofficeUser.username } : undefined;
  return {
    summary: withoutUndefined({
      employeeId: result.employeeId,
      posUserId: result.posUserId,
      permission: result.permission,
      wageSite: result.wageSite,
      backofficeUser,
      warnings: result.warnings,
    }),
    target: withoutUndefined({ employeeId: result.employeeId, backofficeUsername: backofficeUser?.username }),
  };
}

export function employeeDisabledOutcome(result: EmployeeDisabled): RecordedOutcome {
  return {
    summary: withoutUndefined({
      employeeId: result.employeeId,
      posUserId: result.posUserId,
      email: result.email,
      disabledAt: result.disabledAt,
      warnings: result.warnings,
    }),
    target: { employeeId: result.employeeId },
  };
}

export function backofficeUserCreatedOutcome(result: BackofficeUserCreated): RecordedOutcome {
  return {
    summary: withoutUndefined({
      userId: result.userId,
      username: result.username,
      mode: result.mode,
      employeeId: result.employeeId,
      permission: result.permission,
      templateApplied: result.templateApplied,
      warnings: result.warnings,
    }),
    target: withoutUndefined({ backofficeUsername: result.username, employeeId: result.employeeId }),
  };
}

const employeeTarget = (result: { employeeId: number; posUserId: number | null }) =>
  withoutUndefined({ employeeId: result.employeeId, posUserId: result.posUserId ?? undefined });

/** Names the changed fields only: a new PIN shows as `posPin` in `changed`, never its value. */
export function employeeUpdatedOutcome(result: EmployeeUpdated): RecordedOutcome {
  return {
    summary: { employeeId: result.employeeId, posUserId: result.posUserId, changed: result.changed, unchanged: result.unchanged, warnings: result.warnings },
    target: employeeTarget(result),
  };
}

export function employeeReactivatedOutcome(result: EmployeeReactivated): RecordedOutcome {
  return {
    summary: { employeeId: result.employeeId, posUserId: result.posUserId, reactivatedAt: result.reactivatedAt, warnings: result.warnings },
    target: employeeTarget(result),
  };
}

export function wageSetOutcome(result: WageSet): RecordedOutcome {
  return { summary: { employeeId: result.employeeId, posUserId: result.posUserId, wage: result.wage, warnings: result.warnings }, target: employeeTarget(result) };
}

export function employeePermissionSetOutcome(result: EmployeePermissionSet): RecordedOutcome {
  return {
    summary: { employeeId: result.employeeId, posUserId: result.posUserId, templateId: result.templateId, template: result.template, warnings: result.warnings },
    target: employeeTarget(result),
  };
}

export function backofficeTemplateAppliedOutcome(result: BackofficeTemplateApplied): RecordedOutcome {
  return {
    summary: { userId: result.userId, username: result.username, templateId: result.templateId, template: result.template, accessibleSites: result.accessibleSites, warnings: result.warnings },
    target: { backofficeUsername: result.username, backofficeUserId: result.userId },
  };
}

export function portalUserOutcome(user: PortalUserRecord, change?: UserChange): RecordedOutcome {
  return {
    summary: withoutUndefined({ username: user.username, role: user.role, disabled: user.disabled, sessionsEnded: change?.sessionsEnded }),
  };
}
