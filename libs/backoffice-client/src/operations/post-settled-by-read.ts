import { WashOpsError } from '@washops/shared-errors';
import type { FormPair } from '../pages/form.js';
import type { OperationContext } from './context.js';

/**
 * POSTs a form whose effect the caller reads back next. A lost answer (`mayHaveBeenProcessed`) is
 * returned rather than thrown, since that read settles it; any other failure is thrown. Either way the
 * employee index then learns of the write: by default it is dropped.
 */
export function postSettledByRead(
  ctx: OperationContext,
  path: string,
  form: FormPair[],
  success: RegExp,
  afterWrite: () => void = () => ctx.afterWrite(),
): Promise<WashOpsError | undefined> {
  return ctx
    .postForm(path, form, success)
    .then(
      () => undefined,
      (error: unknown) => {
        if (error instanceof WashOpsError && error.details['mayHaveBeenProcessed'] === true) return error;
        throw error;
      },
    )
    .finally(afterWrite);
}
