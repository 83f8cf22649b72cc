import { InternalError } from '@washops/shared-errors';
import type { OperationContext } from './context.js';
import type { Employee, EmployeeKey } from '../schemas.js';

// Placeholder until the operation lands.
export async function getEmployee(_ctx: OperationContext, _key: EmployeeKey): Promise<Employee> {
  throw new InternalError('getEmployee is not implemented yet');
}
