// What a finished event records of each result: ids, names and warnings, never a PIN or a password.
import type { BackofficeUserCreated, EmployeeCreated, EmployeeDisabled } from '@washops/backoffice-client';
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
      warnings: result.warnings,
    }),
    target: withoutUndefined({ backofficeUsername: result.username, employeeId: result.employeeId }),
  };
}

export function portalUserOutcome(user: PortalUserRecord, change?: UserChange): RecordedOutcome {
  return {
    summary: withoutUndefined({ username: user.username, role: user.role, disabled: user.disabled, sessionsEnded: change?.sessionsEnded }),
  };
}
