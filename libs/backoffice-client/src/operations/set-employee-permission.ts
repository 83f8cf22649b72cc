import { InternalError } from '@washops/shared-errors';
import type { OperationContext } from './context.js';
import type { EmployeeKey, EmployeePermissionSet } from '../schemas.js';

// Placeholder until the operation lands.
export async function setEmployeePermission(_ctx: OperationContext, _key: EmployeeKey, _template: string): Promise<EmployeePermissionSet> {
  throw new InternalError('setEmployeePermission is not implemented yet');
}
