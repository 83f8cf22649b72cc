'use client';

import type { EmployeeSummary } from '@washops/operations/schemas';
import Link from 'next/link';
import { fullName } from './full-name';

function EmployeeRow({ employee, onDisable }: { employee: EmployeeSummary; onDisable: ((employee: EmployeeSummary) => void) | null }) {
  return (
    <tr>
      <th scope="row">
        <Link href={`/employees/${employee.employeeId}`}>{fullName(employee)}</Link>
      </th>
      <td>{employee.posUserId ?? '—'}</td>
      <td className="nowrap">{employee.phone || '—'}</td>
      <td>{employee.siteCodes.join(', ') || '—'}</td>
      <td>{employee.departments.join(', ') || '—'}</td>
      <td>
        <span className={`badge ${employee.active ? 'badge-active' : 'badge-disabled'}`}>{employee.active ? 'Active' : 'Disabled'}</span>
      </td>
      {onDisable ? (
        <td>
          {employee.active && employee.posUserId !== null ? (
            <button type="button" className="button button-small" onClick={() => onDisable(employee)} aria-label={`Disable ${fullName(employee)}`}>
              Disable
            </button>
          ) : null}
        </td>
      ) : null}
    </tr>
  );
}

/** The employees shown; with `onDisable` (admins), an action column with a Disable button per active employee. */
export function RosterTable({ employees, onDisable }: { employees: readonly EmployeeSummary[]; onDisable: ((employee: EmployeeSummary) => void) | null }) {
  return (
    <div className="table-wrap">
      <table>
        <caption className="visually-hidden">Employees</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">POS user id</th>
            <th scope="col">Phone</th>
            <th scope="col">Sites</th>
            <th scope="col">Departments</th>
            <th scope="col">Status</th>
            {onDisable ? (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {employees.map((employee) => (
            <EmployeeRow key={employee.employeeId} employee={employee} onDisable={onDisable} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
