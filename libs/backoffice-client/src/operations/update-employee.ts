import { InternalError } from '@washops/shared-errors';
import type { OperationContext } from './context.js';
import type { EmployeeChanges, EmployeeKey, EmployeeUpdated } from '../schemas.js';

// Placeholder until the operation lands.
export async function updateEmployee(_ctx: OperationContext, _key: EmployeeKey, _changes: EmployeeChanges): Promise<EmployeeUpdated> {
  throw new InternalError('updateEmployee is not implemented yet');
}
