import { formatUsd } from '@washops/client-core';
import { backofficeUserKeySchema, employeeKeySchema, type WageRecord } from '@washops/operations/schemas';
import { toolKeyFrom } from '../schemas/derive.js';

/** Which employee, as the tools take it: `employeeId` or `posUserId`, exactly one. */
export const employeeKey = toolKeyFrom(employeeKeySchema, {
  employeeId: 'Back Office employee id (from get_employee, find_employees or list_employees); give this or posUserId',
  posUserId: 'POS user id, the number the employee signs in to the POS with; give this or employeeId',
});

/** Which Back Office user: `userId` or `username`, exactly one. */
export const backofficeUserKey = toolKeyFrom(backofficeUserKeySchema, {
  userId: 'Back Office user id from list_backoffice_users; give this or username',
  username: 'Back Office username (case as listed); give this or userId',
});

/** `employee 42 (POS 7217)`: how every employee tool names who it acted on. */
export const employeeLabel = (out: { employeeId: number; posUserId: number | null }) =>
  `employee ${out.employeeId}${out.posUserId === null ? '' : ` (POS ${out.posUserId})`}`;

/** One compensation record as a line: `Hourly $15.25/hr, overtime $22.88/hr, from 2026-11-02`. */
export function wageLine(wage: WageRecord): string {
  const rate = `${wage.wageType === 'hourly' ? 'Hourly' : 'Salary'} ${formatUsd(wage.regularRateCents)}${wage.wageType === 'hourly' ? '/hr' : ''}`;
  const overtime = wage.overtimeEligible ? `overtime ${wage.overtimeRateCents === null ? 'eligible' : `${formatUsd(wage.overtimeRateCents)}/hr`}` : 'no overtime';
  return `${rate}, ${overtime}, from ${wage.effectiveDate}${wage.endDate ? ` to ${wage.endDate}` : ' (current)'}`;
}

export const warningLines = (warnings: readonly string[]) => warnings.map((warning) => `Warning: ${warning}`);
