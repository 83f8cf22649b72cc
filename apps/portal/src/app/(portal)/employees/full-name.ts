import type { EmployeeSummary } from '@washops/backoffice-client';

export function fullName(employee: Pick<EmployeeSummary, 'firstName' | 'lastName'>): string {
  return `${employee.firstName} ${employee.lastName}`.trim();
}
