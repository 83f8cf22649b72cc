'use client';

import { formatUsd } from '@washops/client-core';
import type { Employee, WageRecord } from '@washops/operations/schemas';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { formatIsoDate } from '../../../../forms/employee-profile-form';
import { Loading, QueryError } from '../../../../components/query-state';
import { useIsAdmin } from '../../../../components/session';
import { useTRPC } from '../../../../trpc/client';
import { DisableDialog } from '../disable-dialog';
import { ProfileEditor } from './profile-editor';
import { ReactivateDialog } from './reactivate-dialog';
import { TemplateEditor } from './template-editor';
import { useRefetchAfterWrite } from './use-employee-write';
import { WageEditor } from './wage-editor';

type Panel = 'edit' | 'wage' | 'template' | 'reactivate' | 'disable' | null;

const dateOrDash = (iso: string | null) => (iso ? formatIsoDate(iso) : '—');
const textOrDash = (text: string) => text || '—';

function Profile({ employee }: { employee: Employee }) {
  return (
    <dl className="result detail-grid">
      <dt>Status</dt>
      <dd>
        <span className={`badge ${employee.active ? 'badge-active' : 'badge-disabled'}`}>{employee.active ? 'Active' : 'Disabled'}</span>
      </dd>
      <dt>POS user id</dt>
      <dd>{employee.posUserId ?? '—'}</dd>
      <dt>Phone</dt>
      <dd>{textOrDash(employee.phone)}</dd>
      <dt>Email</dt>
      <dd>{textOrDash(employee.email)}</dd>
      <dt>Departments</dt>
      <dd>{employee.departments.join(', ') || '—'}</dd>
      <dt>Sites</dt>
      <dd>{employee.availableSites === 'all' ? 'All sites' : employee.availableSites.join(', ') || '—'}</dd>
      <dt>Start date</dt>
      <dd>{dateOrDash(employee.startDate)}</dd>
      <dt>Payroll id</dt>
      <dd>{textOrDash(employee.payrollEmployeeId)}</dd>
      <dt>Emergency contact</dt>
      <dd>{textOrDash(employee.emergencyContactName)}</dd>
      <dt>Emergency phone</dt>
      <dd>{textOrDash(employee.emergencyContactPhone)}</dd>
    </dl>
  );
}

const rateText = (cents: number | null, wageType: WageRecord['wageType']) => (cents === null ? '—' : `${formatUsd(cents)}${wageType === 'hourly' ? '/hr' : ''}`);

function WageHistory({ history, headingId }: { history: readonly WageRecord[]; headingId: string }) {
  if (history.length === 0) return <p className="muted">No wage is recorded.</p>;
  return (
    <div className="table-wrap">
      <table aria-labelledby={headingId}>
        <thead>
          <tr>
            <th scope="col">Effective</th>
            <th scope="col">Ends</th>
            <th scope="col">Type</th>
            <th scope="col">Regular rate</th>
            <th scope="col">Overtime</th>
          </tr>
        </thead>
        <tbody>
          {history.map((record) => (
            <tr key={`${record.effectiveDate}-${record.regularRateCents}`}>
              <td className="nowrap">{formatIsoDate(record.effectiveDate)}</td>
              <td className="nowrap">{record.endDate ? formatIsoDate(record.endDate) : 'Current'}</td>
              <td>{record.wageType === 'hourly' ? 'Hourly' : 'Salary'}</td>
              <td>{rateText(record.regularRateCents, record.wageType)}</td>
              <td>{record.overtimeEligible ? rateText(record.overtimeRateCents, record.wageType) : 'Not eligible'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Permission({ employee }: { employee: Employee }) {
  const { permission } = employee;
  return permission.custom ? (
    <p>
      Custom: {permission.grants.length} {permission.grants.length === 1 ? 'permission' : 'permissions'} granted that match no template.
    </p>
  ) : (
    <p>
      Template <strong>{permission.template}</strong>.
    </p>
  );
}

/** Write controls for admins: each opens a form or a confirmation. */
function Actions({ employee, open }: { employee: Employee; open: (panel: Panel) => void }) {
  return (
    <div className="actions" role="group" aria-label="Change this employee">
      <button type="button" className="button" onClick={() => open('edit')}>
        Edit
      </button>
      <button type="button" className="button" onClick={() => open('wage')}>
        New wage
      </button>
      <button type="button" className="button" onClick={() => open('template')}>
        Change template
      </button>
      {employee.active ? (
        employee.posUserId !== null ? (
          <button type="button" className="button button-danger" onClick={() => open('disable')}>
            Disable
          </button>
        ) : null
      ) : (
        <button type="button" className="button button-primary" onClick={() => open('reactivate')}>
          Reactivate
        </button>
      )}
    </div>
  );
}

/** The employee as the BackOffice has them now: profile, wages and permission; admins may change each. */
export function EmployeeDetails({ employeeId }: { employeeId: number }) {
  const trpc = useTRPC();
  const isAdmin = useIsAdmin();
  const refetch = useRefetchAfterWrite();
  const [panel, setPanel] = useState<Panel>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  const ids = { profile: useId(), wages: useId(), permission: useId() };
  const employee = useQuery(trpc.employees.get.queryOptions({ employeeId }));

  if (employee.isPending) return <Loading label="Loading the employee…" />;
  if (employee.isError) return <QueryError error={employee.error} what="the employee" onRetry={() => void employee.refetch()} />;
  const data = employee.data;
  const closePanel = () => setPanel(null);
  const backToActions = () => actionsRef.current?.querySelector<HTMLElement>('button');

  return (
    <>
      <section aria-labelledby={ids.profile}>
        <h2 id={ids.profile}>Profile</h2>
        <Profile employee={data} />
        {isAdmin ? (
          <div ref={actionsRef}>
            <Actions employee={data} open={setPanel} />
          </div>
        ) : null}
        {isAdmin && panel === 'edit' ? <ProfileEditor employee={data} onClose={closePanel} /> : null}
        {isAdmin && panel === 'wage' ? <WageEditor employee={data} onClose={closePanel} /> : null}
        {isAdmin && panel === 'template' ? <TemplateEditor employee={data} onClose={closePanel} /> : null}
        {isAdmin && panel === 'reactivate' ? <ReactivateDialog employee={data} onClose={closePanel} fallbackFocus={backToActions} /> : null}
        {isAdmin && panel === 'disable' ? (
          <DisableDialog
            employee={data}
            onClose={() => {
              closePanel();
              void refetch();
            }}
          />
        ) : null}
      </section>
      <section aria-labelledby={ids.wages}>
        <h2 id={ids.wages}>Wage history</h2>
        <WageHistory history={data.compensation} headingId={ids.wages} />
      </section>
      <section aria-labelledby={ids.permission}>
        <h2 id={ids.permission}>POS permission</h2>
        <Permission employee={data} />
      </section>
    </>
  );
}
