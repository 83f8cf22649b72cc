import { BackofficeServerError, WashOpsError } from '@washops/shared-errors';

/**
 * The steps of createEmployee are not atomic. When a step after the insert fails, the error
 * keeps its class but says which employee was created and which steps remain.
 */
export function partialFailure(employeeId: number, completedSteps: string[], remainingSteps: string[], cause: unknown): WashOpsError {
  const base = cause instanceof WashOpsError ? cause : null;
  const reason = cause instanceof Error ? cause.message : String(cause);
  const failed = remainingSteps[0] ?? 'unknown';
  // A lost answer leaves the step's outcome open: saying "not done" would invite a duplicate.
  const uncertain = base?.details['mayHaveBeenProcessed'] === true;
  const message =
    `Employee ${employeeId} was created, but step '${failed}' failed: ${reason}. ` +
    `Completed: ${completedSteps.join(', ')}. ` +
    (uncertain
      ? `Step '${failed}' may or may not have been applied; check it, then finish ${remainingSteps.join(', ')} in the BackOffice `
      : `Not done: ${remainingSteps.join(', ')}; finish them in the BackOffice `) +
    `(or disable employee ${employeeId}) before creating the employee again.`;
  const details = { ...(base?.details ?? {}), employeeId, completedSteps, remainingSteps };
  const Class = (base?.constructor as typeof WashOpsError | undefined) ?? BackofficeServerError;
  return new Class(message, { details, cause, status: base?.status, requestId: base?.requestId, vendorType: base?.vendorType });
}
