import { parseInput } from '@washops/client-core';
import type { RosterRow } from '../pages/roster.js';
import { listEmployeesOptionsSchema, type EmployeeSummary, type ListEmployeesOptions } from '../schemas.js';
import type { OperationContext } from './context.js';

/** The roster (every status, cached in the employee index), filtered by `active`. */
export async function listEmployees(ctx: OperationContext, options: ListEmployeesOptions = {}): Promise<EmployeeSummary[]> {
  const { refresh, active } = parseInput(listEmployeesOptionsSchema, options);
  let index = await ctx.employeeIndex({ refresh });
  // Writes of this client since the roster was read: the rows are read again, so the list shows them.
  if (index.rowsStale) index = await ctx.employeeIndex({ refresh: true });
  return index.rows
    .filter((row) => active === 'all' || row.active === (active === 'active'))
    .map(employeeSummaryOf);
}

/** A roster row as the public summary (copies of its lists: the index's rows stay untouched). */
export function employeeSummaryOf(row: RosterRow): EmployeeSummary {
  return {
    employeeId: row.employeeId,
    firstName: row.firstName,
    lastName: row.lastName,
    posUserId: row.posUserId,
    phone: row.phone,
    siteCodes: [...row.siteCodes],
    departments: [...row.departments],
    access: row.access,
    wageType: row.wageType,
    active: row.active,
  };
}
