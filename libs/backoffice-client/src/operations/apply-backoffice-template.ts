import { InternalError } from '@washops/shared-errors';
import type { OperationContext } from './context.js';
import type { BackofficeTemplateApplied, BackofficeUserKey } from '../schemas.js';

// Placeholder until the operation lands.
export async function applyBackofficeTemplate(_ctx: OperationContext, _key: BackofficeUserKey, _template: string): Promise<BackofficeTemplateApplied> {
  throw new InternalError('applyBackofficeTemplate is not implemented yet');
}
