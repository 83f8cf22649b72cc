import type { EmployeeSummary } from '@washops/operations/schemas';

export function fullName(employee: Pick<EmployeeSummary, 'firstName' | 'lastName'>): string {
  return `${employee.firstName} ${employee.lastName}`.trim();
}
