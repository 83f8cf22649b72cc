'use client';

import type { AuditEventView } from '@washops/portal-api';
import Link from 'next/link';
import { operationLabel, statusOf, targetParts, utcTime } from '../audit/labels';

function Json({ value }: { value: unknown }) {
  return <pre className="audit-json">{JSON.stringify(value, null, 2)}</pre>;
}

function StepList({ label, steps }: { label: string; steps: readonly string[] }) {
  if (steps.length === 0) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>{steps.join(', ')}</dd>
    </>
  );
}

/** What a write that never finished may have done: the steps it reported and what it was aimed at. */
function MayHaveDone({ event }: { event: AuditEventView }) {
  const target = targetParts(event.target);
  const done = event.steps?.done ?? [];
  // The step it was in may or may not have been applied: the first one not reported done.
  const inProgress = [...(event.steps?.unverified ?? []), ...(event.steps?.remaining ?? []).slice(0, 1)];
  return (
    <p className="audit-attention">
      This write started at {utcTime(event.startedAt)} and never finished: check the BackOffice.{' '}
      {done.length > 0 ? <>Steps done: {done.join(', ')}. </> : <>No step was reported done. </>}
      {inProgress.length > 0 ? <>May or may not have been done: {inProgress.join(', ')}. </> : null}
      {target.length > 0 ? <>Aimed at {target.join(', ')}.</> : null}
    </p>
  );
}

function Details({ event }: { event: AuditEventView }) {
  return (
    <details>
      <summary>Details</summary>
      <dl className="audit-details">
        <dt>Correlation id</dt>
        <dd>
          <code>{event.correlationId}</code>
        </dd>
        <dt>Finished</dt>
        <dd>{event.finishedAt ? utcTime(event.finishedAt) : 'Not finished'}</dd>
        <dt>Input</dt>
        <dd>
          <Json value={event.input} />
        </dd>
        {event.outcome?.code ? (
          <>
            <dt>Error</dt>
            <dd>
              {event.outcome.code}: {event.outcome.message}
            </dd>
          </>
        ) : null}
        {event.outcome?.summary ? (
          <>
            <dt>Result</dt>
            <dd>
              <Json value={event.outcome.summary} />
            </dd>
          </>
        ) : null}
        {event.steps ? (
          <>
            <StepList label="Steps done" steps={event.steps.done} />
            <StepList label="Steps not verified" steps={event.steps.unverified} />
            <StepList label="Steps not done" steps={event.steps.remaining} />
          </>
        ) : null}
      </dl>
    </details>
  );
}

function Target({ target }: { target: AuditEventView['target'] }) {
  const parts = targetParts(target);
  if (parts.length === 0) return <>—</>;
  return target.employeeId !== undefined ? <Link href={`/employees/${target.employeeId}`}>{parts.join(', ')}</Link> : <>{parts.join(', ')}</>;
}

function AuditRow({ event }: { event: AuditEventView }) {
  const status = statusOf(event);
  return (
    <tr data-testid="audit-row">
      <td className="nowrap">
        <time dateTime={event.startedAt}>{utcTime(event.startedAt)}</time>
      </td>
      <td>{event.actor}</td>
      <td>{event.channel}</td>
      <th scope="row">{operationLabel(event.operation)}</th>
      <td>
        <Target target={event.target} />
      </td>
      <td>
        <span className={`badge ${status.badge}`}>{status.label}</span>
        {event.needsAttention ? <MayHaveDone event={event} /> : null}
      </td>
      <td>
        <Details event={event} />
      </td>
    </tr>
  );
}

/** Audit events, newest first, as the Activity page and an employee's history show them. */
export function AuditTable({ events, caption }: { events: readonly AuditEventView[]; caption: string }) {
  return (
    <div className="table-wrap">
      <table className="audit-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Started</th>
            <th scope="col">Actor</th>
            <th scope="col">Channel</th>
            <th scope="col">Operation</th>
            <th scope="col">Target</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Details</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => (
            <AuditRow key={event.id} event={event} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
