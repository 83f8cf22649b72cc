import { BackofficeServerError, WashOpsError } from '@washops/shared-errors';

/**
 * The steps of createEmployee are not atomic. When a step after the insert fails, the error
 * keeps its class but says which employee was created and which steps remain.
 */
export function partialFailure(employeeId: number, completedSteps: string[], remainingSteps: string[], cause: unknown): WashOpsError {
  const base = cause instanceof WashOpsError ? cause : null;
  const reason = cause instanceof Error ? cause.message : String(cause);
  const message =
    `Employee ${employeeId} was created, but step '${remainingSteps[0] ?? 'unknown'}' failed: ${reason}. ` +
    `Completed: ${completedSteps.join(', ')}. Not done: ${remainingSteps.join(', ')}; finish them in the BackOffice ` +
    `(or disable employee ${employeeId}) before creating the employee again.`;
  const details = { ...(base?.details ?? {}), employeeId, completedSteps, remainingSteps };
  const Class = (base?.constructor as typeof WashOpsError | undefined) ?? BackofficeServerError;
  return new Class(message, { details, cause, status: base?.status, requestId: base?.requestId, vendorType: base?.vendorType });
}
