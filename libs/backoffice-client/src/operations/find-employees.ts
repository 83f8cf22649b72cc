import { InternalError } from '@washops/shared-errors';
import type { OperationContext } from './context.js';
import type { EmployeeSummary, FindEmployeesQuery } from '../schemas.js';

// Placeholder until the operation lands.
export async function findEmployees(_ctx: OperationContext, _query: FindEmployeesQuery): Promise<EmployeeSummary[]> {
  throw new InternalError('findEmployees is not implemented yet');
}

// Placeholder until the operation lands: exactly one match, else NotFoundError / AmbiguousMatchError.
export async function findEmployee(_ctx: OperationContext, _query: FindEmployeesQuery): Promise<EmployeeSummary> {
  throw new InternalError('findEmployee is not implemented yet');
}
