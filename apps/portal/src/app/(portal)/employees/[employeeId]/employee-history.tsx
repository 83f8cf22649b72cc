'use client';

import { AuditPages } from '../../../../components/audit-pages';
import { NO_AUDIT_FILTER } from '../../../../audit/query';

export function EmployeeHistory({ employeeId, title }: { employeeId: number; title: string }) {
  return (
    <AuditPages
      fields={{ ...NO_AUDIT_FILTER, employeeId: String(employeeId) }}
      caption={`History of ${title}`}
      emptyText="No change to this employee has been recorded."
    />
  );
}
