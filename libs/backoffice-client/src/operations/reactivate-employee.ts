import { InternalError } from '@washops/shared-errors';
import type { OperationContext } from './context.js';
import type { EmployeeKey, EmployeeReactivated } from '../schemas.js';

// Placeholder until the operation lands.
export async function reactivateEmployee(_ctx: OperationContext, _key: EmployeeKey): Promise<EmployeeReactivated> {
  throw new InternalError('reactivateEmployee is not implemented yet');
}
