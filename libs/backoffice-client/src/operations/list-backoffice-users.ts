import { InternalError } from '@washops/shared-errors';
import type { OperationContext } from './context.js';
import type { BackofficeUser, RefreshOptions } from '../schemas.js';

// Placeholder until the operation lands.
export async function listBackofficeUsers(_ctx: OperationContext, _options?: RefreshOptions): Promise<BackofficeUser[]> {
  throw new InternalError('listBackofficeUsers is not implemented yet');
}
