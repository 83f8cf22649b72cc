import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { cache, Suspense } from 'react';
import { Loading } from '../../../../components/query-state';
import { serverCaller } from '../../../../server/caller';
import { fullName } from '../full-name';
import { EmployeeDetails } from './employee-details';
import { EmployeeHistory } from './employee-history';

type Params = { params: Promise<{ employeeId: string }> };

function employeeIdOf(segment: string): number | null {
  return /^[1-9]\d{0,9}$/.test(segment) ? Number(segment) : null;
}

/** The employee's name from the roster, or "Employee N" when the roster does not have them (or cannot be read now). */
const employeeTitle = cache(async (employeeId: number): Promise<string> => {
  try {
    const roster = await (await serverCaller()).employees.list({ active: 'all' });
    const employee = roster.find((e) => e.employeeId === employeeId);
    if (employee) return fullName(employee);
  } catch {
    // The history below still loads from the audit log.
  }
  return `Employee ${employeeId}`;
});

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const employeeId = employeeIdOf((await params).employeeId);
  return { title: employeeId === null ? 'Employee' : await employeeTitle(employeeId) };
}

/** One employee as the BackOffice has them (profile, wages, permission), and every audited change that targeted them. */
export default async function EmployeePage({ params }: Params) {
  const employeeId = employeeIdOf((await params).employeeId);
  if (employeeId === null) notFound();
  const title = await employeeTitle(employeeId);
  return (
    <>
      <div className="page-head">
        <div>
          <h1>{title}</h1>
          <p className="muted">
            Employee id {employeeId}. <Link href="/employees">Back to the roster</Link>
          </p>
        </div>
      </div>
      <EmployeeDetails employeeId={employeeId} />
      <h2>History</h2>
      <p className="muted">The changes made to this employee through WashOps, newest first.</p>
      <Suspense fallback={<Loading label="Loading history…" />}>
        <EmployeeHistory employeeId={employeeId} title={title} />
      </Suspense>
    </>
  );
}
