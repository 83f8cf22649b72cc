import { BackofficeServerError, WashOpsError } from '@washops/shared-errors';

/**
 * Whether a failed step may have taken effect: its answer was lost or its read-back could not
 * tell (and no read showed it missing).
 */
export function isUnverified(cause: unknown): boolean {
  if (!(cause instanceof WashOpsError) || cause.details['applied'] === false) return false;
  return cause.details['mayHaveBeenProcessed'] === true || cause.details['verified'] === false;
}

/** A step after the insert failed: the error keeps its class and sorts the steps (README, the `completedSteps` table). */
export function partialFailure(employeeId: number, completedSteps: string[], pendingSteps: string[], cause: unknown): WashOpsError {
  const base = cause instanceof WashOpsError ? cause : null;
  const reason = (cause instanceof Error ? cause.message : String(cause)).replace(/\.$/, '');
  const failed = pendingSteps[0] ?? 'unknown';
  // Saying "not done" of a step that may have been applied would invite a duplicate.
  const unverifiedSteps = isUnverified(cause) ? pendingSteps.slice(0, 1) : [];
  const remainingSteps = pendingSteps.slice(unverifiedSteps.length);
  const message =
    `Employee ${employeeId} was created, but step '${failed}' failed: ${reason}. ` +
    `Done: ${completedSteps.join(', ')}. ` +
    (unverifiedSteps.length > 0 ? `Unverified: step '${failed}' may or may not have been applied; check it in the BackOffice. ` : '') +
    (remainingSteps.length > 0 ? `Not done: ${remainingSteps.join(', ')}; finish them in the BackOffice ` : 'Finish in the BackOffice ') +
    `(or disable employee ${employeeId}) before creating the employee again.`;
  const details = { ...(base?.details ?? {}), employeeId, failedStep: failed, completedSteps, unverifiedSteps, remainingSteps };
  const Class = (base?.constructor as typeof WashOpsError | undefined) ?? BackofficeServerError;
  return new Class(message, { details, cause, status: base?.status, requestId: base?.requestId, vendorType: base?.vendorType });
}
