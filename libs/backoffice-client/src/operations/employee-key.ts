import { parseInput } from '@washops/client-core';
import { employeeKeySchema, type EmployeeKey } from '../schemas.js';
import type { OperationContext } from './context.js';
import { findEmployeeIdByPosUserId } from './find-employee.js';

/** An employee key resolved to the BackOffice's id; `key` is the caller's, for results and error details. */
export interface ResolvedEmployee {
  employeeId: number;
  key: { employeeId: number } | { posUserId: number };
}

/** Validates the key, then finds the employee: by id directly, by POS user id through the filtered roster. */
export async function resolveEmployee(ctx: OperationContext, raw: EmployeeKey): Promise<ResolvedEmployee> {
  const key = parseInput(employeeKeySchema, raw, 'employee');
  if ('employeeId' in key) return { employeeId: key.employeeId, key };
  return { employeeId: await findEmployeeIdByPosUserId(ctx, key.posUserId), key };
}
