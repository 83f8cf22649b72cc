import { InternalError } from '@washops/shared-errors';
import type { OperationContext } from './context.js';
import type { EmployeeKey, SetWageInput, WageSet } from '../schemas.js';

// Placeholder until the operation lands.
export async function setWage(_ctx: OperationContext, _key: EmployeeKey, _input: SetWageInput): Promise<WageSet> {
  throw new InternalError('setWage is not implemented yet');
}
